// Creating and editing a role: localized name, code, localized description, unit of measure and price (decimal,
// dot or comma, above zero); an edit carries the version and a 409 keeps the input.
import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { roleFieldsSchema, UNITS_OF_MEASURE, type Catalog, type Role } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { getRolesQueryOptions, useCreateRole, useUpdateRole, type RoleBody } from '../api/roles';
import { localizedLabels } from '../lib/field-labels';
import {
  localizedDescriptionSchema,
  localizedNameSchema,
  toLocalizedValues,
} from '../lib/localized-fields';
import { priceForApi, priceForInput } from '../lib/money';
import { isProblem, problemText } from '@/lib/problem-text';
import { ConflictAlert } from '@/components/conflict-alert';
import { FormDialog } from '@/components/form-dialog';
import { LocalizedTextFields } from './localized-text-fields';

export interface RoleDialogProps {
  catalog: Catalog;
  role?: Role;
  onClose: () => void;
}

function valuesOf(role: Role | undefined, languages: readonly string[]) {
  return {
    name: toLocalizedValues(role?.name, languages),
    code: role?.code ?? '',
    description: toLocalizedValues(role?.description, languages),
    unit: role?.unit ?? 'MANDAYS',
    price: role ? priceForInput(role.price) : '',
  };
}

export function RoleDialog({ catalog, role, onClose }: RoleDialogProps) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { supportedLanguages: languages, defaultLanguage } = catalog;
  const createRole = useCreateRole(catalog.id);
  const updateRole = useUpdateRole(catalog.id);
  const [version, setVersion] = useState(role?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const schema = roleFieldsSchema.extend({
    name: localizedNameSchema(languages, defaultLanguage),
    description: localizedDescriptionSchema([]),
  });
  const form = useLocalizedForm(schema, {
    defaultValues: valuesOf(role, languages),
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'catalogs');
      return {
        ...localizedLabels('name', tFixed('fieldName.name'), languages, locale),
        code: tFixed('fieldName.code'),
        description: tFixed('fieldName.description'),
        unit: tFixed('fieldName.unit'),
        price: tFixed('fieldName.price'),
      };
    },
  });
  const saving = createRole.isPending || updateRole.isPending;

  const onError = (error: unknown) => {
    if (isProblem(error, 'CONFLICT')) {
      setConflict(true);
      return;
    }
    const shown =
      isProblem(error, 'VALIDATION_FAILED') &&
      applyServerFieldErrors(form.setError, error.errors, ['code', 'price', 'unit']);
    if (!shown) toast.error(problemText(error, t('roles.saveFailed')));
  };

  const submit = (values: RoleBody) => {
    const body = { ...values, price: priceForApi(values.price) };
    const done = { onSuccess: onClose, onError };
    if (role) updateRole.mutate({ roleId: role.id, body: { ...body, version } }, done);
    else createRole.mutate(body, done);
  };

  const loadLatest = async () => {
    if (!role) return;
    setReloading(true);
    try {
      const roles = await queryClient.fetchQuery({
        ...getRolesQueryOptions(catalog.id),
        staleTime: 0,
      });
      const latest = roles.find((candidate) => candidate.id === role.id);
      if (!latest) {
        toast.error(t('roles.gone'));
        onClose();
        return;
      }
      form.reset(valuesOf(latest, languages));
      setVersion(latest.version);
      setConflict(false);
    } catch (error) {
      toast.error(problemText(error, t('roles.loadFailed')));
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormDialog
      open
      title={role ? t('roles.editTitle') : t('roles.createTitle')}
      submitLabel={role ? t('actions.save') : t('roles.create')}
      submitting={saving}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      {conflict ? (
        <ConflictAlert
          message={t('conflict.role')}
          onReload={() => void loadLatest()}
          reloading={reloading}
        />
      ) : null}
      <LocalizedTextFields
        control={form.control}
        name="name"
        kind="name"
        languages={languages}
        defaultLanguage={defaultLanguage}
        label={t('fields.name')}
      />
      <FormTextField control={form.control} name="code" label={t('fields.code')} required />
      <Controller
        control={form.control}
        name="unit"
        render={({ field }) => (
          <TextField
            select
            fullWidth
            label={t('fields.unit')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            helperText=" "
          >
            {UNITS_OF_MEASURE.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {tDomain(`unit.${unit}`)} ({tDomain(`unitSymbol.${unit}`)})
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={form.control}
        name="price"
        label={t('fields.pricePerUnit')}
        required
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input:
            catalog.type === 'BDT'
              ? { endAdornment: <InputAdornment position="end">{catalog.currency}</InputAdornment> }
              : undefined,
        }}
      />
      <LocalizedTextFields
        control={form.control}
        name="description"
        kind="description"
        languages={languages}
        defaultLanguage={defaultLanguage}
        label={t('fields.description')}
        validate={() => void form.trigger('description')}
        multiline
      />
    </FormDialog>
  );
}
