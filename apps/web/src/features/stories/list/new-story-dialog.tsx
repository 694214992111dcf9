// "New story": name (unique in the company, not empty), description and a catalog the user may build on; opens the story on success.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyCreateSchema, type Catalog, type Locale } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/use-problem-message';
import { useLocalizedForm } from '@/lib/validation';
import { getCatalogListQueryOptions } from '@/lib/api/catalog-list';
import { useCreateStory } from '../api/stories';

const FIELD_NAMES = ['name', 'description', 'catalogId'] as const;

function fieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'stories');
  return Object.fromEntries(FIELD_NAMES.map((field) => [field, t(`form.fieldName.${field}`)]));
}

export function NewStoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('stories');
  const { t: tDomain } = useTranslation('domain');
  const problemMessage = useProblemMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const createStory = useCreateStory();
  // Catalogs the user may build on (design.md §4 visibility and clients), by name.
  const catalogs = useInfiniteQuery(
    getCatalogListQueryOptions({ mine: false, q: '', sort: 'name' }),
  );
  const buildable =
    catalogs.data?.pages.flatMap((page) => page.items).filter((c) => c.canBuildStories) ?? [];
  const form = useLocalizedForm(storyCreateSchema, {
    defaultValues: { name: '', description: '', catalogId: undefined as unknown as number },
    fieldLabels,
  });

  const submit = form.handleSubmit((fields) => {
    createStory.mutate(fields, {
      onSuccess: (story) => {
        toast.success(t('form.created'));
        onClose();
        void navigate(paths.story(story.id));
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
          error instanceof ApiError && error.code === 'CATALOG_CLIENT_REQUIRED'
            ? problemMessage('CATALOG_CLIENT_REQUIRED')
            : t('form.createFailed'),
        );
      },
    });
  });

  return (
    <FormDialog
      open
      title={t('form.title')}
      submitLabel={t('form.create')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      submitting={createStory.isPending}
    >
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
      <Controller
        control={form.control}
        name="catalogId"
        render={({ field, fieldState }) => (
          <Autocomplete<Catalog>
            options={buildable}
            loading={catalogs.isPending}
            value={buildable.find((catalog) => catalog.id === field.value) ?? null}
            onChange={(_event, catalog) => field.onChange(catalog?.id)}
            onBlur={field.onBlur}
            getOptionLabel={(catalog) => `${catalog.name} (${catalog.code})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={t('form.noCatalogs')}
            renderOption={({ key, ...props }, catalog) => (
              <Box component="li" key={key} {...props}>
                <Box>
                  <Typography>{catalog.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {catalog.code} · {tDomain(`catalogType.${catalog.type}`)} ·{' '}
                    {catalog.ownerCompany.name}
                  </Typography>
                </Box>
              </Box>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                inputRef={field.ref}
                label={t('form.catalog')}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? t('form.catalogHelp')}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
