// Recognises PostgreSQL errors that services turn into answers (a unique index hit is a 409, an unreachable database a 503, not a 500).

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function pgErrorFields(
  error: unknown,
  code: string,
): { code?: unknown; constraint?: unknown } | undefined {
  // Drizzle wraps the driver's error; node-postgres and PGlite both put code and constraint on it.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === code) return fields;
    current = fields.cause;
  }
  return undefined;
}

function isViolation(error: unknown, code: string, constraint: string | undefined): boolean {
  const fields = pgErrorFields(error, code);
  if (!fields) return false;
  return constraint === undefined || fields.constraint === constraint;
}

/** True for a unique violation, of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return isViolation(error, UNIQUE_VIOLATION, constraint);
}

/** True for a foreign key violation (a row still referenced, or a reference to nothing). */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  return isViolation(error, FOREIGN_KEY_VIOLATION, constraint);
}

// Why a query could not reach the database: the socket (Node's codes), the server going away or
// refusing connections (SQLSTATE class 08, 57P01-57P03, 53300), or node-postgres's own messages.
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_SQLSTATES = /^(08\w{3}|57P0[123]|53300)$/;
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

/**
 * True when the database could not be reached or went away (a restart, a network cut): the
 * request may succeed when retried, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const fields = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof fields.code === 'string') {
      if (UNREACHABLE_SOCKET_CODES.has(fields.code)) return true;
      if (UNAVAILABLE_SQLSTATES.test(fields.code)) return true;
    }
    if (typeof fields.message === 'string' && UNREACHABLE_MESSAGES.test(fields.message)) {
      return true;
    }
    current = fields.cause;
  }
  return false;
}
