// Public surface of the session module.
export {
  clearSession,
  getSession,
  isLoggedIn,
  logout,
  rememberOriginalPath,
  setSessionValues,
  useSession,
  userIdFromToken,
  type Session,
  type SessionKey,
} from './session';
