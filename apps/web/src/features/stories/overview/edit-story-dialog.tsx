// Editing a story's name and description with its version: a stale save (409) keeps the input and offers the latest version.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storyFieldsSchema, type Locale, type Story } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/use-problem-message';
import { useLocalizedForm } from '@/lib/validation';
import { getStoryQueryOptions } from '../api/story';
import { useUpdateStory } from '../api/stories';

const FIELD_NAMES = ['name', 'description'] as const;

function fieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'stories');
  return Object.fromEntries(FIELD_NAMES.map((field) => [field, t(`form.fieldName.${field}`)]));
}

export function EditStoryDialog({ story, onClose }: { story: Story; onClose: () => void }) {
  const { t } = useTranslation('stories');
  const toast = useToast();
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const updateStory = useUpdateStory(story.id);
  const [version, setVersion] = useState(story.version);
  const [conflict, setConflict] = useState(false);
  const form = useLocalizedForm(storyFieldsSchema, {
    defaultValues: { name: story.name, description: story.description },
    fieldLabels,
  });

  const submit = form.handleSubmit((fields) => {
    updateStory.mutate(
      { ...fields, version },
      {
        onSuccess: () => {
          toast.success(t('form.saved'));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return toast.error(t('form.saveFailed'));
          if (error.code === 'CONFLICT') return setConflict(true);
          if (error.code === 'STORY_NAME_TAKEN') {
            form.setError('name', { message: problemMessage('STORY_NAME_TAKEN') });
            return;
          }
          if (
            error.code === 'VALIDATION_FAILED' &&
            applyServerFieldErrors(form.setError, error.errors, FIELD_NAMES)
          ) {
            return;
          }
          toast.error(t('form.saveFailed'));
        },
      },
    );
  });

  const loadLatest = async () => {
    const latest = await queryClient.fetchQuery({
      ...getStoryQueryOptions(story.id),
      staleTime: 0,
    });
    form.reset({ name: latest.name, description: latest.description });
    setVersion(latest.version);
    setConflict(false);
  };

  return (
    <FormDialog
      open
      title={t('form.editTitle')}
      submitLabel={t('form.save')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      submitting={updateStory.isPending}
    >
      {conflict ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void loadLatest()}>
              {t('overview.reload')}
            </Button>
          }
        >
          {t('overview.conflict')}
        </Alert>
      ) : null}
      <FormTextField
        control={form.control}
        name="name"
        label={t('form.name')}
        required
        autoFocus
        sx={{ mt: 1 }}
      />
      <FormTextField
        control={form.control}
        name="description"
        label={t('form.description')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
