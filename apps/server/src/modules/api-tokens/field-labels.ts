// How the API token form's fields are named in validation messages, in English and Czech.
import type { LocalizedFieldLabels } from '../../plugins/errors';

export const API_TOKEN_FIELD_LABELS: LocalizedFieldLabels = {
  en: { name: 'token name', scope: 'access', expiresAt: 'expiry' },
  cs: { name: 'název tokenu', scope: 'přístup', expiresAt: 'platnost do' },
};
