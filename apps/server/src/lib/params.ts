// Path parameters: integer ids (design.md §5); anything else is 400.
import { z } from 'zod';

/** A PostgreSQL integer id: a larger one cannot exist, so it is refused before any query. */
export const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
