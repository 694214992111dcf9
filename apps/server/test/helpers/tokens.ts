// Access tokens minted in tests: with the app's own signing key (read from the database) or a stranger's, with any claims.
import {
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Db } from '../../src/db/database';
import { ISSUED_AT_MS_CLAIM } from '../../src/modules/auth/access-tokens';
import { findKeys } from '../../src/modules/auth/oidc.repository';

export interface SigningKey {
  key: CryptoKey | Uint8Array;
  kid: string;
}

/** The private key the app's provider signs with (created when the app started). */
export async function appSigningKey(db: Db): Promise<SigningKey> {
  const [jwk] = ((await findKeys(db, 'signing')) ?? []) as JWK[];
  if (!jwk?.kid) throw new Error('the app has no signing key yet');
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid };
}

/** A key nobody trusts. */
export async function strangerKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256');
  return { key: privateKey, kid: 'stranger' };
}

export async function mintToken(
  signer: SigningKey,
  claims: JWTPayload & { iss: string; aud: string; sub: string },
  options: { expiresIn?: string | number; typ?: string } = {},
): Promise<string> {
  const { iss, aud, sub, ...rest } = claims;
  // The built-in provider's millisecond issue time (decision 0027); external issuers ignore it.
  return new SignJWT({ [ISSUED_AT_MS_CLAIM]: Date.now(), ...rest })
    .setProtectedHeader({ alg: 'RS256', typ: options.typ ?? 'at+jwt', kid: signer.kid })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(signer.key);
}

/** A valid access token of the app at `origin` for user `userId`. */
export async function accessTokenFor(db: Db, origin: string, userId: number): Promise<string> {
  return mintToken(await appSigningKey(db), {
    iss: `${origin}/auth`,
    aud: `${origin}/api`,
    sub: String(userId),
    scope: 'costory:item.read',
  });
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
