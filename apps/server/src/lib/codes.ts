// Random codes (confirmation links, one-time codes, XSRF tokens) and the hashes under which they are stored.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ONE_TIME_CODE_ALPHABET, ONE_TIME_CODE_LENGTH } from '@costory/shared';

/** 128 random bits, URL-safe (design.md: access and confirmation codes are unguessable). */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** ONE_TIME_CODE_LENGTH characters from an alphabet without look-alikes (31^6, about 2^30). */
export function randomOneTimeCode(): string {
  let code = '';
  for (let index = 0; index < ONE_TIME_CODE_LENGTH; index += 1) {
    code += ONE_TIME_CODE_ALPHABET[randomInt(ONE_TIME_CODE_ALPHABET.length)];
  }
  return code;
}

/** What a person may type for a one-time code: any case, with spaces or dashes between groups. */
export function normalizeOneTimeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * SHA-256, hex. Codes are random and short-lived, so an unsalted fast hash is enough to keep a
 * copy of the table from being usable; it also makes the lookup by code an index hit.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two secrets in constant time (for equal lengths; a length mismatch is simply false). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
