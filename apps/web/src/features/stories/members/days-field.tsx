// How many days an invitation stays valid: a whole number from 1 to INVITE_MAX_DAYS, checked on blur.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INVITE_MAX_DAYS } from '@costory/shared';
import { FormTextField } from '@/components/form-text-field';

export function DaysField<TValues extends FieldValues, TOutput>({
  control,
  name,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
}) {
  const { t } = useTranslation('storyTeam');
  return (
    <FormTextField
      control={control}
      name={name}
      type="number"
      label={t('fields.expiresInDays')}
      required
      helperText={t('invites.expiresInDaysHelp', { count: INVITE_MAX_DAYS, max: INVITE_MAX_DAYS })}
      slotProps={{ htmlInput: { min: 1, max: INVITE_MAX_DAYS, step: 1, inputMode: 'numeric' } }}
      sx={{ mt: 1 }}
    />
  );
}
