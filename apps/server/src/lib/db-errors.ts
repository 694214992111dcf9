// Recognises PostgreSQL errors that services turn into answers (a unique index hit is a 409, not a 500).

function pgErrorFields(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  // Drizzle wraps the driver's error; node-postgres and PGlite both put code and constraint on it.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === '23505') return fields;
    current = fields.cause;
  }
  return undefined;
}

/** True for a unique violation, of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = pgErrorFields(error);
  if (!fields) return false;
  return constraint === undefined || fields.constraint === constraint;
}
