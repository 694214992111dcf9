// Ids, versions and counters as the API reads them: integers within PostgreSQL's `integer`, and in URLs one canonical spelling.
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: a larger id, version or revision cannot exist. */
export const MAX_INTEGER = 2_147_483_647;

/** An entity id in a JSON body or answer. */
export const idSchema = z.number().int().min(1).max(MAX_INTEGER);

/** An optimistic-locking version or revision in a JSON body or answer. */
export const versionSchema = z.number().int().min(0).max(MAX_INTEGER);

// Decimal digits without sign, exponent, fraction, leading zero or spaces: "0x1", "1e0", "1.0",
// "+1" and "1 " are not ids, so two spellings never name the same row.
const CANONICAL_ID = /^[1-9]\d{0,9}$/;
const CANONICAL_COUNT = /^(0|[1-9]\d{0,9})$/;

/** An id in a path or query string: canonical decimal digits within range (else 400). */
export const idTextSchema = z.string().regex(CANONICAL_ID).transform(Number).pipe(idSchema);

/** A version or revision in a query string: canonical decimal digits within range (else 400). */
export const versionTextSchema = z
  .string()
  .regex(CANONICAL_COUNT)
  .transform(Number)
  .pipe(versionSchema);

/** Comma-separated ids in a query string (at most 50), each canonical and within range. */
export const idListTextSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,49}$/)
  .transform((value) => value.split(',').map(Number))
  .pipe(z.array(idSchema));
