// Recognises PostgreSQL errors that services turn into answers (a unique index hit is a 409, not a 500).

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
