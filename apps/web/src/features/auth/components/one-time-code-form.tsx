// Confirming an e-mail address by hand: the address and the one-time code from the confirmation e-mail.
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ONE_TIME_CODE_LENGTH,
  fieldRules,
  rules,
  type EmailConfirmationResult,
} from '@costory/shared';
import { FormTextField } from '@/components/form-text-field';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { confirmEmail } from '../api/accounts';

const oneTimeCodeFormSchema = z.object({
  email: fieldRules(z.string(), [rules.required(), rules.email()]),
  oneTimeCode: fieldRules(z.string(), [
    rules.required(),
    rules.length(ONE_TIME_CODE_LENGTH),
    rules.alphaNum(),
  ]),
});

export interface OneTimeCodeFormProps {
  onConfirmed: (result: EmailConfirmationResult) => void;
}

export function OneTimeCodeForm({ onConfirmed }: OneTimeCodeFormProps) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const headingId = useId();
  const problemMessage = useProblemMessage();
  const form = useLocalizedForm(oneTimeCodeFormSchema, {
    defaultValues: { email: '', oneTimeCode: '' },
    fieldLabels: (locale) => ({
      email: t('fieldName.email', { lng: locale }),
      oneTimeCode: t('fieldName.oneTimeCode', { lng: locale }),
    }),
  });
  const confirm = useMutation({
    mutationFn: confirmEmail,
    meta: { globalLoading: false },
    onSuccess: onConfirmed,
    onError: (error) => {
      if (error instanceof ApiError) {
        applyServerFieldErrors(form.setError, error.errors, ['email', 'oneTimeCode']);
      }
    },
  });
  const error = confirm.error instanceof ApiError ? confirm.error : null;
  const failure =
    error === null || error.code === 'VALIDATION_FAILED'
      ? null
      : error.code === 'CONFIRMATION_FAILED'
        ? tErrors('emailConfirm.failed')
        : problemMessage(error.code);

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void form.handleSubmit((values) => confirm.mutate(values))(event)}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {t('emailConfirm.codeTitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 180px' },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <FormTextField
          control={form.control}
          name="email"
          label={t('emailConfirm.email')}
          type="email"
          autoComplete="email"
        />
        <FormTextField
          control={form.control}
          name="oneTimeCode"
          label={t('emailConfirm.oneTimeCode')}
          helperText={t('emailConfirm.oneTimeCodeHint', { count: ONE_TIME_CODE_LENGTH })}
          autoComplete="one-time-code"
          normalize={(value) => value.toUpperCase().replace(/\s/g, '')}
          slotProps={{
            htmlInput: {
              maxLength: ONE_TIME_CODE_LENGTH,
              autoCapitalize: 'characters',
              spellCheck: false,
              style: {
                fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
                letterSpacing: '0.3em',
              },
            },
          }}
        />
      </Box>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" loading={confirm.isPending} sx={{ mt: 1 }}>
        {t('emailConfirm.confirm')}
      </Button>
    </Box>
  );
}
