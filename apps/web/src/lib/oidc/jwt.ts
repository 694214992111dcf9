// Reading claims from JWTs (access and ID tokens) without checking signatures: the SPA only displays them.

export type JwtClaims = Readonly<Record<string, unknown>>;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The payload of a JWT, or null when the token is no JWT. The signature is not checked: the API
 * verifies every token; the SPA reads claims only to show a name or pick a page.
 */
export function decodeJwtClaims(token: string | null | undefined): JwtClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as JwtClaims)
      : null;
  } catch {
    return null;
  }
}

function text(claims: JwtClaims | null, name: string): string | undefined {
  const value = claims?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function displayNameOf(claims: JwtClaims | null): string | undefined {
  const fullName = [text(claims, 'given_name'), text(claims, 'family_name')]
    .filter((part) => part !== undefined)
    .join(' ');
  return text(claims, 'name') ?? (fullName === '' ? undefined : fullName);
}

/**
 * The name shown in the header: `name`, else given and family name, else the e-mail, looked up in
 * the ID token first (it carries the profile) and then in the access token.
 */
export function usernameFromTokens(
  idToken: string | null | undefined,
  accessToken: string | null | undefined,
): string | null {
  const id = decodeJwtClaims(idToken);
  const access = decodeJwtClaims(accessToken);
  return (
    displayNameOf(id) ?? displayNameOf(access) ?? text(id, 'email') ?? text(access, 'email') ?? null
  );
}

/** When the token expires, in epoch milliseconds, or null when it has no `exp` claim. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeJwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** The `sub` claim when it is a positive integer (our user ids), else null. */
export function numericSubject(token: string | null | undefined): number | null {
  const sub = decodeJwtClaims(token)?.sub;
  if (typeof sub !== 'string' && typeof sub !== 'number') return null;
  const value = String(sub);
  return /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}
