// The registration form: the company and its first user, validated on blur with the shared registration rules.
import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import { useMutation } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  PASSWORD_MIN_LENGTH,
  companySchema,
  crossFieldRules,
  registrationUserSchema,
  rules,
  type Registration,
  type RegistrationResult,
} from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import {
  COMPANY_FIELD_NAMES,
  CompanyFields,
  companyFieldLabels,
} from '@/components/company-fields';
import { FormTextField } from '@/components/form-text-field';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { registerCompany } from '../api/accounts';
import { PasswordField } from './password-field';

/** The shared registration body plus the repeated password, which only the form checks. */
const registrationFormSchema = z.object({
  company: companySchema,
  user: crossFieldRules(registrationUserSchema.extend({ passwordConfirmation: z.string() }), {
    passwordConfirmation: [rules.confirmed('password')],
  }),
});
type RegistrationFormValues = z.input<typeof registrationFormSchema>;

const USER_FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

const FORM_FIELDS: readonly FieldPath<RegistrationFormValues>[] = [
  ...COMPANY_FIELD_NAMES.map((field) => `company.${field}` as const),
  ...USER_FIELDS.map((field) => `user.${field}` as const),
];

const EMPTY_FORM: RegistrationFormValues = {
  company: {
    name: '',
    email: '',
    phone: '',
    country: '',
    city: '',
    street: '',
    streetNumber: '',
    zip: '',
  },
  user: { email: '', password: '', passwordConfirmation: '', firstName: '', lastName: '' },
};

function FormSection({
  title,
  hint,
  icon,
  children,
}: {
  title: string;
  hint: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
          {icon}
        </Box>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
        {hint}
      </Typography>
      {children}
    </Box>
  );
}

export function RegistrationForm({
  onRegistered,
}: {
  onRegistered: (result: RegistrationResult) => void;
}) {
  const { t } = useTranslation('auth');
  const problemMessage = useProblemMessage();
  const form = useLocalizedForm(registrationFormSchema, {
    defaultValues: EMPTY_FORM,
    fieldLabels: (locale) => ({
      ...companyFieldLabels(locale, 'company.'),
      'user.email': t('fieldName.email', { lng: locale }),
      'user.password': t('fieldName.password', { lng: locale }),
      'user.passwordConfirmation': t('fieldName.passwordConfirmation', { lng: locale }),
      'user.firstName': t('fieldName.firstName', { lng: locale }),
      'user.lastName': t('fieldName.lastName', { lng: locale }),
    }),
  });
  const register = useMutation({
    mutationFn: registerCompany,
    meta: { globalLoading: false },
    onSuccess: onRegistered,
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      applyServerFieldErrors(form.setError, error.errors, FORM_FIELDS);
    },
  });

  const error = register.error instanceof ApiError ? register.error : null;
  const generalMessage =
    error === null
      ? null
      : error.code === 'VALIDATION_FAILED'
        ? t('registration.invalid')
        : problemMessage(error.code);

  const submit = form.handleSubmit(({ company, user }) => {
    const body: Registration = {
      company,
      user: {
        email: user.email,
        password: user.password,
        firstName: user.firstName,
        lastName: user.lastName,
      },
    };
    register.mutate(body);
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('registration.title')}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={4}>
        <FormSection
          title={t('registration.company')}
          hint={t('registration.companyHint')}
          icon={<BusinessOutlinedIcon />}
        >
          <CompanyFields control={form.control} pathOf={(field) => `company.${field}`} />
        </FormSection>
        <Divider />
        <FormSection
          title={t('registration.user')}
          hint={t('registration.userHint')}
          icon={<PersonOutlineIcon />}
        >
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            <FormTextField
              control={form.control}
              name="user.firstName"
              label={t('registration.firstName')}
              autoComplete="given-name"
            />
            <FormTextField
              control={form.control}
              name="user.lastName"
              label={t('registration.lastName')}
              autoComplete="family-name"
            />
            <Box sx={{ gridColumn: { sm: 'span 2' } }}>
              <FormTextField
                control={form.control}
                name="user.email"
                label={t('registration.email')}
                type="email"
                autoComplete="username"
              />
            </Box>
            <PasswordField
              control={form.control}
              name="user.password"
              label={t('registration.password')}
              autoComplete="new-password"
              helperText={t('registration.passwordHint', { count: PASSWORD_MIN_LENGTH })}
            />
            <PasswordField
              control={form.control}
              name="user.passwordConfirmation"
              label={t('registration.passwordConfirmation')}
              autoComplete="new-password"
            />
          </Box>
        </FormSection>
        {generalMessage ? <Alert severity="error">{generalMessage}</Alert> : null}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
            {t('registration.haveAccount')}{' '}
            <Link component={RouterLink} to={paths.login()} sx={{ fontWeight: 600 }}>
              {t('registration.signIn')}
            </Link>
          </Typography>
          <Button type="submit" variant="contained" size="large" loading={register.isPending}>
            {t('registration.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
