// The structured (pino) logger shared by the start-up code and Fastify's request logging; secrets never reach it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

// Credentials must never reach the logs, whichever serializer ends up including headers.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
];
const CENSOR = '[redacted]';

// Path segments that are secrets themselves (invite, access and catalog invitation codes, sign-in interactions) and
// query parameters that carry one (confirmation and authorization codes, tokens, token hints).
const SECRET_SEGMENT =
  /(\/(?:access-codes|public-access|catalog-invitations|catalog-invitation|interaction)\/)[^/?#]+/gi;
const SECRET_PARAMETER =
  /([?&](?:code|state|ticket|[a-z_]*token|id_token_hint|code_verifier|[a-z_]*secret)=)[^&#]*/gi;

/** The URL as it may be logged: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, `$1${CENSOR}`).replace(SECRET_PARAMETER, `$1${CENSOR}`);
}

// Drizzle puts a failed query's parameters (a password hash, a code) into its error message, and
// PostgreSQL quotes the offending value in its own (`invalid input syntax for type integer: "…"`,
// `Key (email)=(…) already exists`).
const QUERY_PARAMETERS = /\nparams: .*?(?=\n {4}at |$)/gs;
const QUOTED_VALUE = /: "(?:[^"\\]|\\.)*"/g;
const KEY_VALUE = /(Key \([^)]*\))=\((?:[^)]|\)(?!\s(?:already|is not)))*\)/g;

function redactErrorText(text: string): string {
  return text
    .replace(QUERY_PARAMETERS, `\nparams: ${CENSOR}`)
    .replace(QUOTED_VALUE, `: "${CENSOR}"`)
    .replace(KEY_VALUE, `$1=(${CENSOR})`);
}

function withoutQueryParameters(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactErrorText(value);
  if (typeof value !== 'object' || value === null || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => withoutQueryParameters(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'params')
      .map(([key, item]) => [key, withoutQueryParameters(item, depth + 1)]),
  );
}

const serializers = {
  req: (request: IncomingMessage & { ip?: string }) => ({
    method: request.method,
    url: redactUrl(request.url ?? ''),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  }),
  res: (reply: ServerResponse) => ({ statusCode: reply.statusCode }),
  err: (error: Error) => withoutQueryParameters(stdSerializers.err(error)),
};

/** Writes JSON lines to stdout unless given another destination (tests capture the lines). */
export function createLogger(options: {
  level: LogLevel;
  destination?: DestinationStream;
}): Logger {
  return pino(
    { level: options.level, redact: { paths: REDACTED_PATHS, censor: CENSOR }, serializers },
    options.destination,
  );
}

export type { Logger };
