// Signing keys (RS256 JWKS) and cookie-signing secrets: created by the first start, then read from the database by every process.
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { OidcKeyKind } from '../../db/schema';
import { findKeys, insertKeysIfAbsent } from './oidc.repository';

export interface OidcKeys {
  /** Private RS256 keys for the provider, newest first. */
  signing: JWK[];
  /** The same keys without their private parts, for verifying access tokens. */
  verification: JWK[];
  /** Secrets that sign the provider's cookies, newest first. */
  cookies: string[];
}

const privateRsaJwk = z.looseObject({
  kty: z.literal('RSA'),
  kid: z.string(),
  n: z.string(),
  e: z.string(),
  d: z.string(),
});
const signingKeysSchema = z.array(privateRsaJwk).min(1);
const cookieKeysSchema = z.array(z.string().min(32)).min(1);

const generateRsaKeyPair = promisify(generateKeyPair);

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  // A stable kid (the RFC 7638 thumbprint) lets verifiers pick the key from the JWKS.
  const kid = await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e });
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

function newCookieKey(): string {
  return randomBytes(32).toString('base64url');
}

async function ensure<T>(
  db: Db,
  kind: OidcKeyKind,
  schema: z.ZodType<T>,
  create: () => Promise<unknown[]>,
): Promise<T> {
  let stored = await findKeys(db, kind);
  if (stored === undefined) {
    // Two processes starting together may both get here; the insert keeps the first one's keys
    // and both read those back, so all processes sign with the same key.
    await insertKeysIfAbsent(db, kind, await create());
    stored = await findKeys(db, kind);
  }
  return schema.parse(stored);
}

function publicPart(jwk: JWK): JWK {
  return { kty: jwk.kty, kid: jwk.kid, n: jwk.n, e: jwk.e, alg: jwk.alg, use: jwk.use };
}

/** Loads the keys, creating them on the first start. */
export async function loadOidcKeys(db: Db): Promise<OidcKeys> {
  const signing = (await ensure(db, 'signing', signingKeysSchema, async () => [
    await newSigningKey(),
  ])) as JWK[];
  const cookies = await ensure(db, 'cookies', cookieKeysSchema, () =>
    Promise.resolve([newCookieKey()]),
  );
  return { signing, verification: signing.map(publicPart), cookies };
}
