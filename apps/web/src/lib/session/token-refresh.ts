// Renewing the access token with the refresh token: one call at a time, with a verdict the callers act on.
import { loadAuthConfig, refreshTokens, TokenEndpointError } from '../oidc';
import { getRefreshToken, storeTokens } from './session';

/**
 * `refreshed`: new tokens are stored. `rejected`: the service refused (the sign-in is over).
 * `unavailable`: the service could not be reached; the session stays, a later try may work.
 * `superseded`: the session changed meanwhile (logout, a new sign-in); nothing was stored.
 */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable' | 'superseded';

let inFlight: Promise<RefreshOutcome> | null = null;

async function refreshOnce(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return 'rejected';
  try {
    const tokens = await refreshTokens(await loadAuthConfig(), refreshToken);
    if (getRefreshToken() !== refreshToken) return 'superseded';
    storeTokens(tokens);
    return 'refreshed';
  } catch (error) {
    if (getRefreshToken() !== refreshToken) return 'superseded';
    return error instanceof TokenEndpointError && !error.rejected ? 'unavailable' : 'rejected';
  }
}

/**
 * Renews the session's tokens. Concurrent callers share one call: refresh tokens rotate, so a
 * second call with the same token would be refused and end the session.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  inFlight ??= refreshOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
