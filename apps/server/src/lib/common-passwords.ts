// Refuses new passwords found in a list of common ones (zxcvbn-ts's dictionary), checked on the server only so the list stays out of the web bundle.
import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGE_KEYS } from '@costory/shared';
import { ValidationError } from '../errors';

// Built on first use (about 50 000 entries), compared case-insensitively: `Password1` is as
// guessable as `password1`.
let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** 400 VALIDATION_FAILED naming `field` with the shared `password_common` message. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new ValidationError([{ field, rule: MESSAGE_KEYS.passwordCommon }]);
  }
}
