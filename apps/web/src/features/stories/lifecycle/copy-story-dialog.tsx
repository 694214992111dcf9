// "Copy story": the name of the copy (prefilled "<name> (copy)"), whether lineups and members come along; opens the copy on success (decision 0031).
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyCopySchema, storyRoleAllows, type Locale, type Story } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/use-problem-message';
import { useLocalizedForm } from '@/lib/validation';
import { useCopyStory } from '../api/stories';

const FIELD_NAMES = ['name'] as const;

function fieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'stories');
  return { name: t('form.fieldName.name') };
}

/** Lineups carry supplier prices, which a customer never sees; members are the admins' to hand out. */
export function copyableParts(story: Story) {
  return {
    lineups:
      storyRoleAllows(story.myRole, 'READ_LINEUPS') &&
      storyRoleAllows(story.myRole, 'READ_MARGINS'),
    members: storyRoleAllows(story.myRole, 'MANAGE_STORY'),
  };
}

export function CopyStoryDialog({ story, onClose }: { story: Story; onClose: () => void }) {
  const { t } = useTranslation('stories');
  const toast = useToast();
  const navigate = useNavigate();
  const problemMessage = useProblemMessage();
  const copyStory = useCopyStory(story.id);
  const parts = copyableParts(story);
  const form = useLocalizedForm(storyCopySchema, {
    defaultValues: {
      name: t('copy.defaultName', { name: story.name }),
      includeLineups: false,
      includeMembers: false,
    },
    fieldLabels,
  });

  const submit = form.handleSubmit((fields) => {
    copyStory.mutate(fields, {
      onSuccess: (copy) => {
        toast.success(t('copy.done', { name: copy.name }));
        onClose();
        void navigate(paths.story(copy.id));
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
        if (shown) return;
        toast.error(
          error instanceof ApiError && error.status === 403 && error.detail
            ? error.detail
            : t('copy.failed'),
        );
      },
    });
  });

  const checkbox = (name: 'includeLineups' | 'includeMembers', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
            />
          }
        />
      )}
    />
  );

  return (
    <FormDialog
      open
      title={t('copy.title')}
      submitLabel={t('copy.submit')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      submitting={copyStory.isPending}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('copy.intro')}
      </Typography>
      <FormTextField control={form.control} name="name" label={t('copy.name')} required autoFocus />
      {parts.lineups ? checkbox('includeLineups', t('copy.includeLineups')) : null}
      {parts.members ? checkbox('includeMembers', t('copy.includeMembers')) : null}
    </FormDialog>
  );
}
