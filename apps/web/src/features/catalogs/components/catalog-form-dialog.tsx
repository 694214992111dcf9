// Creating and editing a catalog: the shared catalogFieldsSchema in a dialog; an edit carries the version (409 keeps
// the input and offers the latest version).
import { useId, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  CATALOG_TYPES,
  CATALOG_VISIBILITIES,
  COMMON_CURRENCIES,
  DEFAULT_CURRENCY,
  catalogFieldsSchema,
  type Catalog,
  type CatalogFields,
  type FieldLabels,
  type Locale,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { getCatalogQueryOptions, useCreateCatalog, useUpdateCatalog } from '../api/catalogs';
import { useLanguages, useUiLocale } from '@/hooks/use-catalog-locale';
import { catalogPaths } from '../lib/catalog-paths';
import { isProblem, problemText } from '@/lib/problem-text';
import { ConflictAlert } from '@/components/conflict-alert';
import { LocalizedTextFields } from './localized-text-fields';

type CatalogFormValues = z.input<typeof catalogFieldsSchema>;

const FIELD_NAMES = [
  'name',
  'code',
  'companyCode',
  'type',
  'defaultLanguage',
  'supportedLanguages',
  'description',
  'currency',
  'visibility',
] as const satisfies readonly FieldPath<CatalogFormValues>[];

/** How validation messages name the catalog fields in `locale`. */
function catalogFieldLabels(locale: Locale, languages: readonly string[]): FieldLabels {
  const t = i18n.getFixedT(locale, 'catalogs');
  return {
    ...Object.fromEntries(FIELD_NAMES.map((field) => [field, t(`catalogForm.fieldName.${field}`)])),
    ...Object.fromEntries(
      languages.map((language) => [
        `description.${language}`,
        t('catalogForm.fieldName.description'),
      ]),
    ),
  };
}

function valuesOf(catalog: Catalog | undefined, locale: Locale): CatalogFormValues {
  if (!catalog) {
    return {
      name: '',
      code: '',
      companyCode: '',
      type: 'BDT',
      defaultLanguage: locale,
      supportedLanguages: [locale],
      description: { [locale]: '' },
      currency: DEFAULT_CURRENCY,
      visibility: 'PRIVATE',
    };
  }
  return {
    name: catalog.name,
    code: catalog.code,
    companyCode: catalog.companyCode,
    type: catalog.type,
    defaultLanguage: catalog.defaultLanguage,
    supportedLanguages: catalog.supportedLanguages,
    description: Object.fromEntries(
      catalog.supportedLanguages.map((language) => [language, catalog.description[language] ?? '']),
    ),
    currency: catalog.currency,
    visibility: catalog.visibility,
  };
}

export interface CatalogFormDialogProps {
  open: boolean;
  /** The catalog to edit; without it the dialog creates a new one. */
  catalog?: Catalog;
  onClose: () => void;
}

export function CatalogFormDialog({ open, catalog, onClose }: CatalogFormDialogProps) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const { t: tCommon } = useTranslation();
  const locale = useUiLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { languages, nameOf } = useLanguages();
  const titleId = useId();
  const visibilityId = useId();
  const [version, setVersion] = useState(catalog?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const createCatalog = useCreateCatalog();
  const updateCatalog = useUpdateCatalog(catalog?.id ?? 0);
  const saving = createCatalog.isPending || updateCatalog.isPending;
  const [initialValues] = useState(() => valuesOf(catalog, locale));
  // The languages shown drive the description fields; kept here so the fields render from them.
  const [supported, setSupported] = useState<readonly string[]>(initialValues.supportedLanguages);
  const [defaultLanguage, setDefaultLanguage] = useState(initialValues.defaultLanguage);
  const form = useLocalizedForm(catalogFieldsSchema, {
    defaultValues: initialValues,
    fieldLabels: (fieldLocale) => catalogFieldLabels(fieldLocale, supported),
  });
  const { control, getFieldState, getValues, setValue } = form;

  // Each supported language gets its description field; texts already typed are kept.
  const applyLanguages = (nextDefault: string, nextSupported: readonly string[]) => {
    const languagesNow = nextSupported.includes(nextDefault)
      ? [...nextSupported]
      : [nextDefault, ...nextSupported];
    const texts = getValues('description');
    setValue('defaultLanguage', nextDefault);
    setValue('supportedLanguages', languagesNow);
    setValue(
      'description',
      Object.fromEntries(languagesNow.map((language) => [language, texts[language] ?? ''])),
      // A new empty language should not light up a description the user has not touched yet.
      {
        shouldValidate:
          getFieldState('description').isTouched || getFieldState('description').invalid,
      },
    );
    setDefaultLanguage(nextDefault);
    setSupported(languagesNow);
  };

  const onFailure = (error: unknown) => {
    if (isProblem(error, 'CONFLICT')) {
      setConflict(true);
      return;
    }
    const shown =
      isProblem(error, 'VALIDATION_FAILED') &&
      applyServerFieldErrors(form.setError, error.errors, FIELD_NAMES);
    if (!shown) {
      toast.error(
        problemText(error, catalog ? t('catalogForm.saveFailed') : t('catalogForm.createFailed')),
      );
    }
  };

  const submit = (fields: CatalogFields) => {
    if (catalog) {
      updateCatalog.mutate(
        { ...fields, version },
        {
          onSuccess: () => {
            toast.success(t('catalogForm.saved'));
            onClose();
          },
          onError: onFailure,
        },
      );
      return;
    }
    createCatalog.mutate(fields, {
      onSuccess: (created) => {
        toast.success(t('catalogForm.created'));
        onClose();
        void navigate(catalogPaths.overview(created.id));
      },
      onError: onFailure,
    });
  };

  const loadLatest = async () => {
    if (!catalog) return;
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({
        ...getCatalogQueryOptions(catalog.id),
        staleTime: 0,
      });
      const values = valuesOf(latest, locale);
      form.reset(values);
      setSupported(values.supportedLanguages);
      setDefaultLanguage(values.defaultLanguage);
      setVersion(latest.version);
      setConflict(false);
    } catch (error) {
      toast.error(problemText(error, t('detail.loadFailed')));
    } finally {
      setReloading(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {catalog ? t('catalogForm.editTitle') : t('catalogForm.createTitle')}
      </DialogTitle>
      <Box
        component="form"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <DialogContent dividers>
          {conflict ? (
            <ConflictAlert
              message={t('conflict.catalog')}
              onReload={() => void loadLatest()}
              reloading={reloading}
            />
          ) : null}
          <Box
            sx={{
              display: 'grid',
              columnGap: 2,
              rowGap: 1,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormTextField
                control={control}
                name="name"
                label={t('catalogForm.name')}
                required
                autoFocus
              />
            </Box>
            <FormTextField
              control={control}
              name="code"
              label={t('catalogForm.code')}
              required
              helperText={t('catalogForm.codeHelp')}
            />
            <FormTextField
              control={control}
              name="companyCode"
              label={t('catalogForm.companyCode')}
              helperText={t('catalogForm.companyCodeHelp')}
            />
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('catalogForm.type')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                  helperText={t(`catalogForm.typeHelp.${field.value}`)}
                >
                  {CATALOG_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {tDomain(`catalogType.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="currency"
              render={({ field, fieldState }) => (
                <Autocomplete
                  freeSolo
                  options={COMMON_CURRENCIES}
                  value={field.value}
                  inputValue={field.value}
                  onChange={(_event, value) => field.onChange(value ?? '')}
                  onInputChange={(_event, value) =>
                    field.onChange(
                      value
                        .toUpperCase()
                        .replace(/[^A-Z]/g, '')
                        .slice(0, 3),
                    )
                  }
                  onBlur={field.onBlur}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      name={field.name}
                      inputRef={field.ref}
                      label={t('catalogForm.currency')}
                      required
                      error={fieldState.error !== undefined}
                      helperText={fieldState.error?.message ?? t('catalogForm.currencyHelp')}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name="defaultLanguage"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('catalogForm.defaultLanguage')}
                  value={field.value}
                  onChange={(event) => applyLanguages(event.target.value, supported)}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                  helperText={t('catalogForm.defaultLanguageHelp')}
                >
                  {languages.map((language) => (
                    <MenuItem key={language.code} value={language.code}>
                      {language.names[locale]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="supportedLanguages"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  disableCloseOnSelect
                  options={languages.map((language) => language.code)}
                  getOptionLabel={nameOf}
                  value={[...field.value]}
                  onChange={(_event, value) => applyLanguages(defaultLanguage, value)}
                  onBlur={field.onBlur}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      name={field.name}
                      inputRef={field.ref}
                      label={t('catalogForm.supportedLanguages')}
                      error={fieldState.error !== undefined}
                      helperText={
                        fieldState.error?.message ?? t('catalogForm.supportedLanguagesHelp')
                      }
                    />
                  )}
                />
              )}
            />
            <Box sx={{ gridColumn: '1 / -1', mt: 1 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
                {t('catalogForm.description')}
              </Typography>
              <LocalizedTextFields
                control={control}
                name="description"
                kind="description"
                languages={supported}
                requiredLanguages={supported}
                validate={() => void form.trigger('description')}
                defaultLanguage={defaultLanguage}
                label={t('catalogForm.description')}
                multiline
              />
            </Box>
            <Box sx={{ gridColumn: '1 / -1', mt: 1 }}>
              <Controller
                control={control}
                name="visibility"
                render={({ field }) => (
                  <FormControl component="fieldset">
                    <FormLabel component="legend" id={visibilityId}>
                      {t('catalogForm.visibility')}
                    </FormLabel>
                    <RadioGroup
                      aria-labelledby={visibilityId}
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value)}
                    >
                      {CATALOG_VISIBILITIES.map((visibility) => (
                        <Box key={visibility} sx={{ mb: 0.5 }}>
                          <FormControlLabel
                            value={visibility}
                            control={
                              <Radio
                                slotProps={{
                                  input: { 'aria-describedby': `${visibilityId}-${visibility}` },
                                }}
                              />
                            }
                            label={tDomain(`catalogVisibility.${visibility}`)}
                          />
                          <Typography
                            id={`${visibilityId}-${visibility}`}
                            variant="body2"
                            sx={{ color: 'text.secondary', ml: 4, mt: -0.75 }}
                          >
                            {t(`catalogForm.visibilityHelp.${visibility}`)}
                          </Typography>
                        </Box>
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={saving} color="inherit">
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {catalog ? t('catalogForm.save') : t('catalogForm.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
