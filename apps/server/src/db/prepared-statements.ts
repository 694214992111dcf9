// A node-postgres client that keeps each parameterized statement prepared on its connection, so PostgreSQL parses and plans it once per connection instead of on every request (issue 16).
import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Statements with more parameters than this are not kept: lists of ids (`in ($1, …, $n)`) and
 * bulk inserts make a new text for every length, and each kept statement costs the database
 * server memory for as long as the connection lives. The hot reads take a handful.
 */
const MAX_PARAMETERS = 32;
const MAX_TEXT_LENGTH = 8000;

interface QueryConfig {
  text: string;
  values?: unknown[];
  name?: string;
  submit?: unknown;
}

/** A name per statement text: node-postgres prepares a named statement once per connection. */
function statementName(text: string): string {
  return `c_${createHash('sha1').update(text).digest('base64url')}`;
}

function worthKeeping(text: string, values: unknown): values is unknown[] {
  return (
    Array.isArray(values) &&
    values.length > 0 &&
    values.length <= MAX_PARAMETERS &&
    text.length <= MAX_TEXT_LENGTH
  );
}

/**
 * The query's arguments with a statement name added when it is worth keeping. Only statements
 * with parameters are named: node-postgres already sends those through the extended protocol,
 * which takes one statement, so a name changes nothing but the caching (a text of several
 * statements, as migrations run, has no parameters and stays as it is).
 */
export function withStatementName(args: unknown[]): unknown[] {
  const [config, values, ...rest] = args;
  if (typeof config === 'string') {
    return worthKeeping(config, values)
      ? [{ text: config, name: statementName(config) }, values, ...rest]
      : args;
  }
  if (typeof config !== 'object' || config === null) return args;
  const query = config as QueryConfig;
  // A submittable (cursor, stream) runs its own protocol.
  if (typeof query.submit === 'function' || query.name !== undefined) return args;
  const parameters = query.values ?? (Array.isArray(values) ? values : undefined);
  if (typeof query.text !== 'string' || !worthKeeping(query.text, parameters)) return args;
  return [{ ...query, name: statementName(query.text) }, values, ...rest];
}

/** node-postgres' Client, naming each parameterized statement by its text (see withStatementName). */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this);
    // query() has a dozen overloads; the arguments pass through as they came, one name added.
    this.query = ((...args: unknown[]): unknown =>
      Reflect.apply(query, undefined, withStatementName(args))) as typeof this.query;
  }
}
