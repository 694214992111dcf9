// PKCE (RFC 7636) with S256 and random values for `state`, from the browser's Web Crypto.

/** base64url without padding, as PKCE and JWTs write bytes. */
export function base64UrlEncode(bytes: Uint8Array): string {
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `byteCount` random bytes as base64url; 32 bytes give the 43-character verifier RFC 7636 asks. */
export function randomUrlSafeString(byteCount = 32): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** Thrown where the browser offers no SHA-256 (Web Crypto exists only on https and localhost). */
export class InsecureContextError extends Error {
  constructor() {
    super('Web Crypto is not available; sign-in needs https or localhost');
    this.name = 'InsecureContextError';
  }
}

/** code_challenge = base64url(SHA-256(verifier)), the S256 method. */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (!subtle) throw new InsecureContextError();
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
