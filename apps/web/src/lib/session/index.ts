// Public surface of the session module.
export {
  clearSession,
  getSession,
  isLoggedIn,
  logout,
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
