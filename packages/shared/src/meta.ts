// Contract of GET /api/v1/meta: facts about the installation the SPA needs before sign-in.
import { z } from 'zod';

/** Where and how the SPA signs in (decision 0009): the built-in service, or an external one. */
export const authConfigSchema = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  endSessionEndpoint: z.string(),
  clientId: z.string(),
  companyCode: z.string(),
  scopes: z.array(z.string()),
  /** True when OIDC_ISSUER names another sign-in service than the built-in one. */
  external: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const metaSchema = z.object({
  /** The database holds the demo data (the demo user exists). */
  demo: z.boolean(),
  /** Sign-in hint for the demo; present only outside production while the demo password still works. */
  demoUser: z.object({ email: z.string(), password: z.string() }).optional(),
  version: z.string(),
  auth: authConfigSchema,
});
export type Meta = z.infer<typeof metaSchema>;
