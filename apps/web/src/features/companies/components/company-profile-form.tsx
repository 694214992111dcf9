// The company profile form: the eight fields, saved with the version it was loaded at; a newer version on the server is shown, not overwritten.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  companyWithTaxIdsSchema,
  type CompanyWithTaxIds as CompanyFieldValues,
  type CompanyProfile,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import {
  COMPANY_WITH_TAX_ID_FIELD_NAMES,
  CompanyFields,
  companyFieldLabels,
} from '@/components/company-fields';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { getCompanyProfileQueryOptions, updateCompanyProfile } from '../api/company-profile';

function formValuesOf(profile: CompanyProfile): CompanyFieldValues {
  const { name, email, phone, country, city, street, streetNumber, zip, ico, dic } = profile;
  return { name, email, phone, country, city, street, streetNumber, zip, ico, dic };
}

export interface CompanyProfileFormProps {
  userId: number;
  profile: CompanyProfile;
}

export function CompanyProfileForm({ userId, profile }: CompanyProfileFormProps) {
  const { t } = useTranslation('companies');
  const { t: tErrors } = useTranslation('errors');
  const toast = useToast();
  const queryClient = useQueryClient();
  const queryOptions = getCompanyProfileQueryOptions(userId);
  // The version the form's values started from; the server refuses a save based on an older one.
  const [version, setVersion] = useState(profile.version);
  const [conflict, setConflict] = useState(false);
  const form = useLocalizedForm(companyWithTaxIdsSchema, {
    defaultValues: formValuesOf(profile),
    fieldLabels: (locale) => companyFieldLabels(locale),
  });

  const showProfile = (latest: CompanyProfile) => {
    queryClient.setQueryData(queryOptions.queryKey, latest);
    form.reset(formValuesOf(latest));
    setVersion(latest.version);
    setConflict(false);
  };

  const save = useMutation({
    mutationFn: (values: CompanyFieldValues) =>
      updateCompanyProfile(userId, { ...values, version }),
    onSuccess: (saved) => {
      showProfile(saved);
      toast.success(t('profile.saved'));
    },
    onError: (error) => {
      toast.error(tErrors('write.companyUpdate'));
      if (!(error instanceof ApiError)) return;
      if (error.code === 'CONFLICT') setConflict(true);
      else applyServerFieldErrors(form.setError, error.errors, COMPANY_WITH_TAX_ID_FIELD_NAMES);
    },
  });

  const loadLatest = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...queryOptions, staleTime: 0 }),
    onSuccess: showProfile,
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.code === 'NOT_FOUND'
          ? t('profile.notFoundTitle')
          : t('profile.loadFailed'),
      ),
  });

  const { isDirty } = form.formState;
  return (
    <Box
      component="form"
      noValidate
      aria-label={t('profile.title')}
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
    >
      {conflict ? (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              loading={loadLatest.isPending}
              onClick={() => loadLatest.mutate()}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('profile.loadLatest')}
            </Button>
          }
        >
          <AlertTitle>{t('profile.conflictTitle')}</AlertTitle>
          {t('profile.conflictMessage')}
        </Alert>
      ) : null}
      <CompanyFields
        control={form.control}
        pathOf={(field) => field}
        taxIdPathOf={(field) => field}
      />
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'flex-end', mt: 4 }}
      >
        <Button variant="text" disabled={!isDirty || save.isPending} onClick={() => form.reset()}>
          {t('profile.discard')}
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty} loading={save.isPending}>
          {t('profile.save')}
        </Button>
      </Stack>
    </Box>
  );
}
