// Keeps the sign-in alive: renews the access token shortly before it expires and after an API 401; ends the session when renewal is refused.
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setAccessTokenRefresher } from '../api-client';
import { tokenExpiresAt } from '../oidc';
import { paths } from '../routing/paths';
import {
  clearSession,
  REFRESH_BEFORE_EXPIRY_MS,
  rememberOriginalPath,
  useSession,
} from './session';
import { refreshSession } from './token-refresh';

/** Pause before trying again when the sign-in service could not be reached. */
export const REFRESH_RETRY_MS = 15_000;
// Browsers run a longer setTimeout at once; a token that far from expiry is renewed on a later visit.
const MAX_TIMER_DELAY_MS = 2_147_483_647;

export function useSessionKeeper(): void {
  const { isLogged, accessToken } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const currentPath = useRef(`${pathname}${search}`);
  useEffect(() => {
    currentPath.current = `${pathname}${search}`;
  }, [pathname, search]);

  // Back to sign-in, returning here afterwards.
  const endSession = useCallback(() => {
    clearSession();
    rememberOriginalPath(currentPath.current);
    void navigate(paths.login(), { replace: true });
  }, [navigate]);

  useEffect(
    () =>
      setAccessTokenRefresher(async () => {
        const outcome = await refreshSession();
        if (outcome === 'rejected') endSession();
        return outcome === 'refreshed';
      }),
    [endSession],
  );

  useEffect(() => {
    const expiresAt = isLogged ? tokenExpiresAt(accessToken) : null;
    if (expiresAt === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const renew = async () => {
      const outcome = await refreshSession();
      if (!active) return;
      if (outcome === 'rejected') endSession();
      else if (outcome === 'unavailable') timer = setTimeout(() => void renew(), REFRESH_RETRY_MS);
      // 'refreshed' stores a new token, which schedules the next renewal through this effect.
    };
    const delay = expiresAt - Date.now() - REFRESH_BEFORE_EXPIRY_MS;
    if (delay > MAX_TIMER_DELAY_MS) return undefined;
    timer = setTimeout(() => void renew(), Math.max(0, delay));
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [isLogged, accessToken, endSession]);
}
