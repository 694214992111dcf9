// Calls of the token endpoint: the authorization code for tokens (with the PKCE verifier) and a refresh token for new ones.
import { z } from 'zod';
import type { AuthConfig } from '@costory/shared';

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().min(1),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
  expires_in: z.number().optional(),
});

export interface TokenSet {
  accessToken: string;
  tokenType: string;
  /** Absent when the service does not rotate it; the previous one then stays valid. */
  refreshToken?: string;
  idToken?: string;
}

/**
 * A failed token call. `rejected` means the service answered with an error (a used code, a revoked
 * or expired refresh token): trying again will not help. Otherwise it could not be reached.
 */
export class TokenEndpointError extends Error {
  readonly rejected: boolean;

  constructor(message: string, rejected: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TokenEndpointError';
    this.rejected = rejected;
  }
}

async function postToTokenEndpoint(
  config: AuthConfig,
  form: Record<string, string>,
): Promise<TokenSet> {
  let response: Response;
  try {
    response = await fetch(config.tokenEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new TokenEndpointError('The token endpoint could not be reached', false, { cause });
  }
  // 5xx is the service's trouble, not a verdict on the code or token.
  if (response.status >= 500) {
    throw new TokenEndpointError(`Token endpoint answered ${response.status}`, false);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = tokenResponseSchema.safeParse(body);
  if (!response.ok || !parsed.success) {
    throw new TokenEndpointError(`Token endpoint answered ${response.status}`, true);
  }
  const { access_token, token_type, refresh_token, id_token } = parsed.data;
  return {
    accessToken: access_token,
    tokenType: token_type,
    ...(refresh_token === undefined ? {} : { refreshToken: refresh_token }),
    ...(id_token === undefined ? {} : { idToken: id_token }),
  };
}

export function exchangeAuthorizationCode(
  config: AuthConfig,
  input: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenSet> {
  return postToTokenEndpoint(config, {
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: config.clientId,
    code_verifier: input.codeVerifier,
  });
}

export function refreshTokens(config: AuthConfig, refreshToken: string): Promise<TokenSet> {
  return postToTokenEndpoint(config, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: config.clientId,
  });
}
