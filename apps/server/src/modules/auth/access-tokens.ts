// Verifies the API's Bearer access tokens with jose: the built-in issuer's keys, or an external issuer's published JWKS.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { z } from 'zod';
import { ServiceUnavailableError, UnauthorizedError } from '../../errors';

/**
 * Who a valid token speaks for: our user id (built-in issuer) or a verified address (external);
 * and when it was issued, in milliseconds, so that tokens older than the user's last sign-out are
 * refused (decision 0027).
 */
export type TokenSubject = ({ userId: number } | { email: string }) & {
  issuedAtMs: number;
  /** The token's `exp`, in milliseconds: a live stream ends then (decision 0046). */
  expiresAtMs: number;
};

/**
 * The built-in provider's access tokens carry their issue time in milliseconds as well: `iat` is
 * in seconds, so a sign-out and a new sign-in within one second could not be told apart by it.
 */
export const ISSUED_AT_MS_CLAIM = 'iat_ms';

export type AccessTokenVerifier = (token: string) => Promise<TokenSubject>;

const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

function refuse(reason: string, cause?: unknown): never {
  throw new UnauthorizedError({
    detail: { en: 'The access token is not valid.', cs: 'Přístupový token není platný.' },
    cause: cause ?? new Error(reason),
  });
}

async function verifyOrRefuse(
  token: string,
  keys: JWTVerifyGetKey,
  options: Parameters<typeof jwtVerify>[2],
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, keys, options);
    return payload;
  } catch (error) {
    // An unreachable JWKS (timeout, network) is our outage, not the caller's bad token.
    if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
      refuse('invalid token', error);
    }
    throw new ServiceUnavailableError({ cause: error });
  }
}

/** Verified tokens kept per process: a signature check costs more than the rest of a read. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Tokens already verified, with their expiry: the same token always verifies the same way until
 * it expires (keys change only with a restart, docs/operations.md). What it does not answer, the
 * user's sign-out since, the caller checks on every request.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { subject: TokenSubject; expiresAtMs: number }>();

  constructor(private readonly kept = VERIFIED_TOKENS_KEPT) {}

  get(token: string, nowMs = Date.now()): TokenSubject | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (nowMs < entry.expiresAtMs) return entry.subject;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, subject: TokenSubject, expiresAtMs: number): void {
    this.entries.set(token, { subject, expiresAtMs });
    // The oldest first: insertion order.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.kept) break;
      this.entries.delete(oldest);
    }
  }
}

/**
 * Tokens of the built-in provider: RS256 with our keys, our issuer, the API audience, not
 * expired, typed `at+jwt` (so an ID token, whose audience differs anyway, never passes).
 */
export function createLocalVerifier(options: {
  issuer: string;
  audience: string;
  keys: JWK[];
}): AccessTokenVerifier {
  const keySet = createLocalJWKSet({ keys: options.keys });
  const verified = new VerifiedTokens();
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    const payload = await verifyOrRefuse(token, keySet, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['RS256'],
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp', ISSUED_AT_MS_CLAIM],
    });
    const sub = payload.sub ?? '';
    if (!/^\d{1,10}$/.test(sub)) refuse('subject is not a user id');
    const issuedAtMs = payload[ISSUED_AT_MS_CLAIM];
    if (typeof issuedAtMs !== 'number' || !Number.isSafeInteger(issuedAtMs)) {
      refuse('issue time is not a number');
    }
    // `exp` is required above; jose refuses a token at its expiry second.
    const expiresAtMs = (payload.exp ?? 0) * 1000;
    const subject = { userId: Number(sub), issuedAtMs, expiresAtMs };
    verified.set(token, subject, expiresAtMs);
    return subject;
  };
}

const discoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  end_session_endpoint: z.string().optional(),
});
export type DiscoveryDocument = z.infer<typeof discoverySchema>;

/** An external issuer's discovery document and JWKS, fetched on first use and then cached. */
export class ExternalIssuer {
  private discovery: Promise<DiscoveryDocument> | undefined;
  private keySet: JWTVerifyGetKey | undefined;

  constructor(readonly issuer: string) {}

  /** The discovery document; an unreachable issuer is 503 and is asked again next time. */
  async document(): Promise<DiscoveryDocument> {
    this.discovery ??= this.fetchDocument();
    try {
      return await this.discovery;
    } catch (error) {
      this.discovery = undefined;
      throw new ServiceUnavailableError({ cause: error });
    }
  }

  async keys(): Promise<JWTVerifyGetKey> {
    if (!this.keySet) {
      const { jwks_uri: jwksUri } = await this.document();
      // jose caches the set and refetches it (rate-limited) when a token names an unknown kid.
      this.keySet = createRemoteJWKSet(new URL(jwksUri));
    }
    return this.keySet;
  }

  private async fetchDocument(): Promise<DiscoveryDocument> {
    const url = `${this.issuer}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const document = discoverySchema.parse(await response.json());
    if (document.issuer !== this.issuer) {
      throw new Error(`${url} names another issuer: ${document.issuer}`);
    }
    return document;
  }
}

const emailClaims = z.object({
  email: z.string().min(3),
  email_verified: z.literal(true),
});

function audiences(payload: JWTPayload): string[] {
  if (payload.aud === undefined) return [];
  return Array.isArray(payload.aud) ? payload.aud : [payload.aud];
}

/**
 * Tokens of an external issuer: its published keys, its issuer name, not expired, issued to our
 * client (audience = our API or client id, or client_id/azp = our client id; decision 0010),
 * carrying a verified e-mail address, by which the user is then found.
 */
export function createExternalVerifier(options: {
  issuer: ExternalIssuer;
  clientId: string;
  audience: string;
}): AccessTokenVerifier {
  return async (token) => {
    const payload = await verifyOrRefuse(token, await options.issuer.keys(), {
      issuer: options.issuer.issuer,
      algorithms: ASYMMETRIC_ALGORITHMS,
      requiredClaims: ['exp', 'iat'],
    });
    const forUs =
      audiences(payload).some((aud) => aud === options.audience || aud === options.clientId) ||
      payload.client_id === options.clientId ||
      payload.azp === options.clientId;
    if (!forUs) refuse('token was issued to another client');
    const claims = emailClaims.safeParse(payload);
    if (!claims.success) refuse('token has no verified e-mail');
    // Whole seconds, rounded down: a token of the second of a sign-out counts as older.
    return {
      email: claims.data.email.trim().toLowerCase(),
      issuedAtMs: (payload.iat ?? 0) * 1000,
      expiresAtMs: (payload.exp ?? 0) * 1000,
    };
  };
}
