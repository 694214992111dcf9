// Where and how the SPA signs in: from GET /api/v1/meta, else the built-in service's defaults.
import type { AuthConfig } from '@costory/shared/meta';
import { OIDC_CLIENT_ID, OIDC_COMPANY_CODE, OIDC_SCOPES } from '@costory/shared/sign-in';
import { loadMeta } from '../meta';

/**
 * The built-in service at `<origin>/auth` (decision 0009), used when the meta call fails, so that
 * a slow or broken API never leaves the visitor without a way to sign in.
 */
export function defaultAuthConfig(origin: string): AuthConfig {
  const issuer = `${origin}/auth`;
  return {
    issuer,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    endSessionEndpoint: `${issuer}/session/end`,
    clientId: OIDC_CLIENT_ID,
    companyCode: OIDC_COMPANY_CODE,
    scopes: [...OIDC_SCOPES],
    external: false,
  };
}

export async function loadAuthConfig(origin: string = window.location.origin): Promise<AuthConfig> {
  try {
    return (await loadMeta()).auth;
  } catch {
    return defaultAuthConfig(origin);
  }
}
