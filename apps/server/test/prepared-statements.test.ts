// Statements kept prepared per PostgreSQL connection (issue 16): which are kept, and that each execution is still planned for its values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { withStatementName } from '../src/db/prepared-statements';
import { createTestDatabase, testDatabaseKind } from './helpers/test-db';

function nameOf(args: unknown[]): string | undefined {
  const [config] = args;
  return typeof config === 'object' && config !== null
    ? (config as { name?: string }).name
    : undefined;
}

describe('withStatementName', () => {
  it('names a parameterized statement by its text, the same text the same name', () => {
    const first = nameOf(withStatementName([{ text: 'select $1::int', values: [1] }]));
    const again = nameOf(withStatementName(['select $1::int', [2]]));
    const other = nameOf(withStatementName([{ text: 'select $1::text', values: ['a'] }]));
    expect(first).toMatch(/^c_/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('keeps the values and the callback where node-postgres reads them', () => {
    const callback = () => undefined;
    const [config, values, rest] = withStatementName(['select $1::int', [7], callback]);
    expect(config).toMatchObject({ text: 'select $1::int' });
    expect(values).toEqual([7]);
    expect(rest).toBe(callback);
  });

  it('leaves statements without parameters, with many parameters, named ones and cursors alone', () => {
    const plain = ['begin; select 1; commit'];
    expect(withStatementName(plain)).toBe(plain);
    const many = [{ text: 'select …', values: Array.from({ length: 33 }, (_, index) => index) }];
    expect(withStatementName(many)).toBe(many);
    const named = [{ text: 'select $1', values: [1], name: 'mine' }];
    expect(withStatementName(named)).toBe(named);
    const cursor = [{ text: 'select $1', values: [1], submit: () => undefined }];
    expect(withStatementName(cursor)).toBe(cursor);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('prepares a parameterized statement once per connection and plans each execution for its values', async () => {
    if (database.kind !== 'postgres') throw new Error('unreachable');
    const client = await database.client.connect();
    try {
      const first = await client.query<{ n: number }>('select $1::int + 1 as n', [1]);
      const second = await client.query<{ n: number }>('select $1::int + 1 as n', [41]);
      expect([first.rows[0]?.n, second.rows[0]?.n]).toEqual([2, 42]);
      const prepared = await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements where statement like $1',
        ['select $1::int + 1%'],
      );
      expect(prepared.rows).toHaveLength(1);
      const mode = await client.query<{ plan_cache_mode: string }>('show plan_cache_mode');
      expect(mode.rows[0]?.plan_cache_mode).toBe('force_custom_plan');
      // Several statements without parameters still run as one simple query.
      await expect(client.query('select 1; select 2')).resolves.toBeDefined();
    } finally {
      client.release();
    }
  });
});
