// Personal API tokens (decision 0044): creating one (its secret shown once), listing and revoking a user's tokens, and checking a token a request presents.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  API_TOKEN_MARKER,
  API_TOKEN_MAX_LIFETIME_DAYS,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenList,
  type ApiTokenScope,
} from '@costory/shared';
import type { Db } from '../../db/database';
import type { ApiTokenRow } from '../../db/schema';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../errors';
import { sha256 } from '../../lib/codes';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  findApiTokenByHash,
  insertApiToken,
  listLiveApiTokens,
  revokeApiToken,
  touchApiToken,
} from './api-tokens.repository';

/** Characters of the secret after the marker kept in the clear, so the owner can tell tokens apart. */
const PREFIX_LENGTH = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A use is noted at most this often per token (the list shows "last used" to the minute). */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** What a READ token may send; every other method changes something. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request is authenticated with a personal API token, not a sign-in. */
export interface ApiTokenUse {
  id: number;
  name: string;
  scope: ApiTokenScope;
}

function view(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_TOKEN_MARKER}${row.prefix}`,
    scope: row.scope,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const EXPIRY_IN_PAST = {
  en: 'The expiry must be in the future',
  cs: 'Platnost musí skončit v budoucnosti',
} as const;
const EXPIRY_TOO_FAR = {
  en: `The expiry may be at most ${String(API_TOKEN_MAX_LIFETIME_DAYS)} days ahead`,
  cs: `Platnost může skončit nejvýše za ${String(API_TOKEN_MAX_LIFETIME_DAYS)} dní`,
} as const;
const NAME_TAKEN = {
  en: 'You already have a token with this name',
  cs: 'Token s tímto názvem už máte',
} as const;

function checkExpiry(expiresAt: Date, now: number): void {
  if (expiresAt.getTime() <= now) {
    throw new ValidationError([{ field: 'expiresAt', rule: 'after', message: EXPIRY_IN_PAST }]);
  }
  if (expiresAt.getTime() > now + API_TOKEN_MAX_LIFETIME_DAYS * DAY_MS) {
    throw new ValidationError([{ field: 'expiresAt', rule: 'before', message: EXPIRY_TOO_FAR }]);
  }
}

/** What `newSecret` makes: the marker and 43 base64url characters. */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_MARKER}[A-Za-z0-9_-]{43}$`);

/** `cst_` and 43 base64url characters (32 random bytes). */
function newSecret(): string {
  return `${API_TOKEN_MARKER}${randomBytes(32).toString('base64url')}`;
}

export async function createApiToken(
  db: Db,
  userId: number,
  input: ApiTokenCreate,
): Promise<ApiTokenCreated> {
  const expiresAt = new Date(input.expiresAt);
  checkExpiry(expiresAt, Date.now());
  const secret = newSecret();
  try {
    const row = await insertApiToken(db, {
      userId,
      name: input.name.trim(),
      tokenHash: sha256(secret),
      prefix: secret.slice(API_TOKEN_MARKER.length, API_TOKEN_MARKER.length + PREFIX_LENGTH),
      scope: input.scope,
      expiresAt,
    });
    return { token: view(row), secret };
  } catch (error) {
    if (isUniqueViolation(error, 'api_tokens_user_name_unique')) {
      throw new ConflictError({
        detail: NAME_TAKEN,
        fields: [{ field: 'name', rule: 'unique', message: NAME_TAKEN }],
      });
    }
    throw error;
  }
}

export async function listApiTokens(db: Db, userId: number): Promise<ApiTokenList> {
  return { items: (await listLiveApiTokens(db, userId)).map(view) };
}

/** Another user's token is 404, as if it did not exist. */
export async function revokeUserApiToken(db: Db, userId: number, id: number): Promise<void> {
  if (!(await revokeApiToken(db, userId, id))) throw new NotFoundError();
}

export function isApiTokenSecret(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_MARKER);
}

const TOKEN_UNKNOWN = {
  en: 'The API token is not valid.',
  cs: 'Token API není platný.',
} as const;
const TOKEN_REVOKED = {
  en: 'The API token has been revoked. Create a new one.',
  cs: 'Token API byl zrušen. Vytvořte si nový.',
} as const;
const TOKEN_EXPIRED = {
  en: 'The API token has expired. Create a new one.',
  cs: 'Platnost tokenu API skončila. Vytvořte si nový.',
} as const;
const TOKEN_READ_ONLY = {
  en: 'The API token is read-only: it cannot change anything.',
  cs: 'Token API je jen pro čtení: nemůže nic měnit.',
} as const;
const TOKEN_CANNOT_MANAGE_TOKENS = {
  en: 'API tokens cannot be managed with an API token. Sign in to the application.',
  cs: 'Tokeny API nelze spravovat pomocí tokenu API. Přihlaste se do aplikace.',
} as const;

/**
 * The token `secret` names, live: 401 with a detail saying whether it is unknown, revoked or
 * expired. The secret is found by its hash through a unique index, so no comparison of secrets
 * leaks timing. Notes the use at most once a minute.
 */
export async function checkApiToken(
  db: Db,
  secret: string,
  logger: FastifyBaseLogger,
): Promise<ApiTokenUse & { userId: number; expiresAtMs: number }> {
  // Not the shape a token is made in: no hash and no query for it.
  if (!TOKEN_SHAPE.test(secret)) throw new UnauthorizedError({ detail: TOKEN_UNKNOWN });
  const row = await findApiTokenByHash(db, sha256(secret));
  if (!row) throw new UnauthorizedError({ detail: TOKEN_UNKNOWN });
  if (row.revokedAt !== null) throw new UnauthorizedError({ detail: TOKEN_REVOKED });
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) throw new UnauthorizedError({ detail: TOKEN_EXPIRED });
  if (row.lastUsedAt === null || now - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    // Noting the use is no reason to refuse the call: a failed note is logged and the call goes on.
    await touchApiToken(db, row.id).catch((error: unknown) => {
      logger.warn({ err: error }, 'noting an API token’s last use failed');
    });
  }
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    userId: row.userId,
    expiresAtMs: row.expiresAt.getTime(),
  };
}

/** The token lets this method through: a READ token may only read. */
export function checkApiTokenScope(token: ApiTokenUse, method: string): void {
  if (token.scope === 'READ' && !READ_METHODS.has(method)) {
    throw new ForbiddenError({ detail: TOKEN_READ_ONLY });
  }
}

/** Managing tokens needs a sign-in: a leaked token must not mint more tokens or revoke the owner's. */
export function apiTokenCannotManageTokens(): ForbiddenError {
  return new ForbiddenError({ detail: TOKEN_CANNOT_MANAGE_TOKENS });
}
