// Public surface of the OpenID Connect client: authorize request with PKCE, token calls, logout URL, token claims, return paths.
export { defaultAuthConfig, loadAuthConfig } from './auth-config';
export {
  createAuthorizeRequest,
  redirectUriOf,
  saveSignInTransaction,
  takeSignInTransaction,
} from './authorize';
export { buildEndSessionUrl } from './end-session';
export { numericSubject, tokenExpiresAt, usernameFromTokens } from './jwt';
export { InsecureContextError } from './pkce';
export { safeReturnPath } from './return-path';
export {
  TokenEndpointError,
  exchangeAuthorizationCode,
  refreshTokens,
  type TokenSet,
} from './token-endpoint';
