// Every test app logs at info level into a checker: a line with a password hash, a password, a JWT or a known code fails the test file.
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from '../../src/logger';
import { TEST_PASSWORD } from './factories';

// What must never be logged whatever the test: stored password hashes, the tests' password,
// JSON Web Tokens (access, ID and refresh tokens of the sign-in service).
const ALWAYS_SECRET = [/scrypt\$\d+\$/, new RegExp(TEST_PASSWORD), /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./];

export interface LogCapture {
  logger: FastifyBaseLogger;
  /** Every line written, for tests that look for secrets they know. */
  readonly lines: readonly string[];
  /** Lines that carry one of the always-secret patterns. */
  readonly leaks: readonly string[];
}

export function captureLogs(): LogCapture {
  const lines: string[] = [];
  const leaks: string[] = [];
  const echo = process.env.TEST_LOG_LEVEL === 'debug';
  const logger = createLogger({
    level: echo ? 'debug' : 'info',
    destination: {
      write(line: string) {
        lines.push(line);
        if (ALWAYS_SECRET.some((pattern) => pattern.test(line))) leaks.push(line);
        if (echo) process.stdout.write(line);
      },
    },
  });
  return { logger, lines, leaks };
}

/** Throws when a captured line leaked a secret, quoting the lines. */
export function assertNoLeaks(capture: LogCapture): void {
  if (capture.leaks.length === 0) return;
  throw new Error(`secrets in the log:\n${capture.leaks.slice(0, 5).join('\n')}`);
}
