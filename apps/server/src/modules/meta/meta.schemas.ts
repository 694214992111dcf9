// Contract of GET /api/v1/meta. LEAD: belongs in @costory/shared (the sign-in page reads it); kept here
// because this issue may only touch apps/server.
import { z } from 'zod';

export const metaSchema = z.object({
  /** The database holds the demo data (the demo user exists). */
  demo: z.boolean(),
  /** Sign-in hint for the demo; present only outside production while the demo password still works. */
  demoUser: z.object({ email: z.string(), password: z.string() }).optional(),
  version: z.string(),
});
export type Meta = z.infer<typeof metaSchema>;
