// The structured (pino) logger shared by the start-up code and Fastify's request logging.
import { pino, type DestinationStream, type Logger } from 'pino';
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

/** Writes JSON lines to stdout unless given another destination (tests capture the lines). */
export function createLogger(options: {
  level: LogLevel;
  destination?: DestinationStream;
}): Logger {
  return pino(
    { level: options.level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    options.destination,
  );
}

export type { Logger };
