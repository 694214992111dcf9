// Business constants of the specification (section 9 and the shell), one definition for web and server.

export const CONFIRM_DIALOG_MAX_WIDTH = 500;
export const TOAST_AUTO_HIDE_MS = 3000;
export const TOAST_MAX_VISIBLE = 3;
export const SNACKBAR_TIMEOUT_MS = 5000;
export const ONE_TIME_CODE_LENGTH = 6;
export const RATING_LENGTH = 5;
export const DRAWER_WIDTH = 256;
export const DRAWER_RAIL_WIDTH = 56;
export const TOOLTIP_OFFSET = 10;
export const LOGO_WIDTH = 200;
export const LOGO_HEIGHT = 70;

/** Keys the SPA keeps in session storage (spec section 3). */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  tokenType: 'tokenType',
  isLogged: 'isLogged',
  username: 'username',
  originalPath: 'originalPath',
} as const;

/** The value of `isLogged` that means "signed in"; any other value means signed out. */
export const IS_LOGGED_TRUE = 'true';

/** Longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Longest story name. */
export const STORY_NAME_MAX_LENGTH = 200;

/** Largest request body the API accepts, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
