// The sign-in client's constants (decision 0009): the OIDC client, its scopes and the XSRF double-submit pair; no schema, so the web's shell imports them alone.
/** The one first-party client of the built-in sign-in service (the SPA). */
export const OIDC_CLIENT_ID = 'costory-web';
/** The company code the SPA sends with every authorize request (spec section 7). */
export const OIDC_COMPANY_CODE = 'COSTORY';
/** The product prefix of the API scopes. */
export const OIDC_SCOPE_PREFIX = 'costory:';
/** The spec's four product scopes (section 6), carried by the API access token. */
export const OIDC_API_SCOPES = [
  `${OIDC_SCOPE_PREFIX}item.read`,
  `${OIDC_SCOPE_PREFIX}item.write`,
  `${OIDC_SCOPE_PREFIX}catalogue-group.read`,
  `${OIDC_SCOPE_PREFIX}catalogue-group.write`,
] as const;
/** Every scope the SPA requests, in order; sent space-separated. */
export const OIDC_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  ...OIDC_API_SCOPES,
] as const;
export type OidcScope = (typeof OIDC_SCOPES)[number];

/** Double-submit pair of decision 0009: the cookie the server sets and the header that echoes it. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/** The methods whose requests must echo the cookie in the header; reads need neither. */
export const XSRF_WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
