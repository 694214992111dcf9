// The sign-in service's logout (RP-initiated logout): back to the app root afterwards.
import type { AuthConfig } from '@costory/shared';

export function buildEndSessionUrl(
  config: AuthConfig,
  { origin, idToken, locale }: { origin: string; idToken?: string | null; locale?: string },
): string {
  const url = new URL(config.endSessionEndpoint, origin);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('post_logout_redirect_uri', `${origin}/`);
  // Tells the service whose session ends, so it need not guess from its cookie.
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  // The sign-out page speaks the interface language, as the sign-in page does.
  if (locale) url.searchParams.set('ui_locales', locale);
  return url.toString();
}
