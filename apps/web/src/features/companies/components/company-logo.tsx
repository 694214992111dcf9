// The own company's logo on the profile page: shown when uploaded, replaced by choosing a PNG or JPEG (at most 512 KB; the server checks the bytes), removable. Quotes print it at the top.
import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { ApiError } from '@/lib/api-client';
import {
  getCompanyLogoQueryOptions,
  getCompanyProfileQueryOptions,
  removeCompanyLogo,
  uploadCompanyLogo,
} from '../api/company-profile';

function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export function CompanyLogo({ userId, profile }: { userId: number; profile: CompanyProfile }) {
  const { t } = useTranslation('companies');
  const toast = useToast();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const logo = useQuery({ ...getCompanyLogoQueryOptions(userId), enabled: profile.hasLogo });
  const url = useObjectUrl(profile.hasLogo ? logo.data : undefined);

  const saved = (latest: CompanyProfile) => {
    queryClient.setQueryData(getCompanyProfileQueryOptions(userId).queryKey, latest);
    void queryClient.invalidateQueries({ queryKey: getCompanyLogoQueryOptions(userId).queryKey });
    setError(null);
  };
  const failed = (caught: unknown) => {
    const message =
      caught instanceof ApiError ? (caught.errors[0]?.message ?? caught.detail) : undefined;
    setError(message ?? t('logo.failed'));
  };

  const upload = useMutation({
    mutationFn: (file: File) => uploadCompanyLogo(userId, file),
    onSuccess: (latest) => {
      saved(latest);
      toast.success(t('logo.uploaded'));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => removeCompanyLogo(userId),
    onSuccess: (latest) => {
      saved(latest);
      toast.success(t('logo.removed'));
    },
    onError: failed,
  });

  return (
    <Box component="section" aria-label={t('logo.title')} sx={{ mb: 4 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('logo.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('logo.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('logo.alt')}
            sx={{ maxWidth: 200, maxHeight: 70, objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('logo.none')}
          </Typography>
        )}
        <Button component="label" htmlFor={inputId} variant="outlined" loading={upload.isPending}>
          {profile.hasLogo ? t('logo.replace') : t('logo.upload')}
          <input
            id={inputId}
            type="file"
            hidden
            accept="image/png,image/jpeg"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.mutate(file);
            }}
          />
        </Button>
        {profile.hasLogo ? (
          <Button
            variant="text"
            color="error"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('logo.remove')}
          </Button>
        ) : null}
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
