// "New story from this version": the new story's name (prefilled "<story> – <version>"); opens the new story on success, a name the company uses is shown on the field.
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  storyVersionCopySchema,
  type Locale,
  type Story,
  type StoryVersion,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { problemText } from '@/lib/problem-text';
import { paths } from '@/lib/routing/paths';
import { useProblemMessage } from '@/lib/use-problem-message';
import { useLocalizedForm } from '@/lib/validation';
import { useCopyVersion } from '../api/version-restore';

const FIELD_NAMES = ['name'] as const;

function fieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'stories');
  return { name: t('form.fieldName.name') };
}

export function CopyVersionDialog({
  story,
  version,
  onClose,
}: {
  story: Story;
  version: Pick<StoryVersion, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation('stories');
  const toast = useToast();
  const navigate = useNavigate();
  const problemMessage = useProblemMessage();
  const copy = useCopyVersion(story.id, version.id);
  const form = useLocalizedForm(storyVersionCopySchema, {
    defaultValues: {
      name: t('versionRestore.copyDefaultName', { story: story.name, version: version.name }),
    },
    fieldLabels,
  });

  const submit = form.handleSubmit((fields) => {
    copy.mutate(fields, {
      onSuccess: (created) => {
        toast.success(t('versionRestore.copied', { name: created.name }));
        onClose();
        void navigate(paths.story(created.id));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'STORY_NAME_TAKEN') {
          form.setError(
            'name',
            { message: problemMessage('STORY_NAME_TAKEN') },
            { shouldFocus: true },
          );
          return;
        }
        const shown =
          error instanceof ApiError &&
          error.code === 'VALIDATION_FAILED' &&
          applyServerFieldErrors(form.setError, error.errors, FIELD_NAMES);
        if (!shown) toast.error(problemText(error, t('versionRestore.copyFailed')));
      },
    });
  });

  return (
    <FormDialog
      open
      title={t('versionRestore.copyTitle', { name: version.name })}
      submitLabel={t('versionRestore.copySubmit')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      submitting={copy.isPending}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('versionRestore.copyIntro')}
      </Typography>
      <FormTextField
        control={form.control}
        name="name"
        label={t('versionRestore.copyName')}
        required
        autoFocus
      />
    </FormDialog>
  );
}
