// Freezing the story as a named version with an optional note; a duplicate name is shown on the name field and the input is kept.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { storyVersionCreateSchema, type Locale } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { problemText } from '@/lib/problem-text';
import { useLocalizedForm } from '@/lib/validation';
import { useVersionMutations } from '../api/versions';

const FIELD_NAMES = ['name', 'note'] as const;

function fieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'stories');
  return Object.fromEntries(FIELD_NAMES.map((field) => [field, t(`versions.fieldName.${field}`)]));
}

export function FreezeVersionDialog({
  storyId,
  onClose,
}: {
  storyId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('stories');
  const toast = useToast();
  const { freeze } = useVersionMutations(storyId);
  const form = useLocalizedForm(storyVersionCreateSchema, {
    defaultValues: { name: '', note: '' },
    fieldLabels,
  });

  const submit = form.handleSubmit((fields) => {
    freeze.mutate(fields, {
      onSuccess: (version) => {
        toast.success(t('versions.frozen', { name: version.name }));
        onClose();
      },
      onError: (error) => {
        // The duplicate name (rule story_version_name_taken) arrives as a field error, worded by the server.
        if (
          error instanceof ApiError &&
          error.code === 'VALIDATION_FAILED' &&
          applyServerFieldErrors(form.setError, error.errors, FIELD_NAMES)
        ) {
          return;
        }
        toast.error(problemText(error, t('versions.freezeFailed')));
      },
    });
  });

  return (
    <FormDialog
      open
      title={t('versions.freezeTitle')}
      submitLabel={t('versions.freezeSubmit')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      submitting={freeze.isPending}
    >
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('versions.freezeIntro')}</Typography>
      <FormTextField
        control={form.control}
        name="name"
        label={t('versions.name')}
        required
        autoFocus
      />
      <FormTextField
        control={form.control}
        name="note"
        label={t('versions.note')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
