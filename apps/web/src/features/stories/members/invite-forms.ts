// Form schemas of the invite dialogs, made of the shared invite contract's own fields and the shared e-mail rule.
import { z } from 'zod';
import { storyInviteCreateSchema, v, type Locale } from '@costory/shared';
import { i18n } from '@/i18n';

// The number field holds text: empty is "required" (not silently the default), anything else a
// number that the contract's own rule (whole days, 1..INVITE_MAX_DAYS) checks.
const expiresInDays = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : Number(value)),
  storyInviteCreateSchema.shape.expiresInDays.unwrap(),
);

export const linkInviteFormSchema = z.object({
  role: storyInviteCreateSchema.shape.role,
  expiresInDays,
});

/** An e-mail invite: the address is required here, while the contract makes it optional (links). */
export const emailInviteFormSchema = linkInviteFormSchema.extend({ email: v.email() });

export const INVITE_FIELD_NAMES = ['email', 'role', 'expiresInDays'] as const;

export function inviteFieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'storyTeam');
  return Object.fromEntries(INVITE_FIELD_NAMES.map((field) => [field, t(`fieldName.${field}`)]));
}
