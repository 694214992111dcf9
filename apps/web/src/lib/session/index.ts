// Public surface of the session module.
export {
  clearSession,
  getSession,
  hasFreshAccessToken,
  isLoggedIn,
  logout,
  REFRESH_BEFORE_EXPIRY_MS,
  rememberOriginalPath,
  setSessionValues,
  storeTokens,
  takeOriginalPath,
  useSession,
  userIdFromToken,
  type Session,
  type SessionKey,
} from './session';
export { useSessionKeeper } from './use-session-keeper';
