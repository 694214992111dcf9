// "Send the confirmation e-mail again": asks for the address, and always answers the same, so it reveals no accounts.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailConfirmationResendSchema } from '@costory/shared';
import { FormTextField } from '@/components/form-text-field';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { resendConfirmation } from '../api/accounts';
import { visuallyHidden } from '@/lib/visually-hidden';

export interface ResendConfirmationFormProps {
  defaultEmail?: string;
  /** Leaves out the heading and introduction where the surrounding text already says it. */
  showHeading?: boolean;
}

export function ResendConfirmationForm({
  defaultEmail = '',
  showHeading = true,
}: ResendConfirmationFormProps) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const problemMessage = useProblemMessage();
  const [sent, setSent] = useState(false);
  const form = useLocalizedForm(emailConfirmationResendSchema, {
    defaultValues: { email: defaultEmail },
    fieldLabels: (locale) => ({ email: t('fieldName.email', { lng: locale }) }),
  });
  const resend = useMutation({
    mutationFn: resendConfirmation,
    meta: { globalLoading: false },
    onSuccess: () => setSent(true),
    onError: (error) => {
      if (error instanceof ApiError) applyServerFieldErrors(form.setError, error.errors, ['email']);
    },
  });
  const failure =
    resend.error instanceof ApiError && resend.error.code !== 'VALIDATION_FAILED'
      ? problemMessage(resend.error.code)
      : null;

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) =>
        void form.handleSubmit(({ email }) => {
          setSent(false);
          resend.mutate(email);
        })(event)
      }
    >
      <Typography
        id={headingId}
        variant="h2"
        sx={showHeading ? { fontSize: '1.1rem', mb: 0.5 } : visuallyHidden}
      >
        {t('resend.title')}
      </Typography>
      {showHeading ? (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('resend.intro')}</Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5 }}>
        <FormTextField
          control={form.control}
          name="email"
          label={t('resend.email')}
          type="email"
          autoComplete="email"
          size="small"
        />
        <Button
          type="submit"
          variant="outlined"
          loading={resend.isPending}
          startIcon={<SendOutlinedIcon />}
          sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 40 }}
        >
          {t('resend.submit')}
        </Button>
      </Box>
      {sent ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {t('resend.sent')}
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}
