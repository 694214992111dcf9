// How the login form's fields are named in field errors, per language.
import type { LocalizedFieldLabels } from '../../plugins/errors';

export const LOGIN_FIELD_LABELS: LocalizedFieldLabels = {
  en: { email: 'e-mail', password: 'password' },
  cs: { email: 'e-mail', password: 'heslo' },
};
