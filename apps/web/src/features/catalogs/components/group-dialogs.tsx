// Group dialogs: create (optionally under a parent) and rename, and move under a new parent (never under itself or
// one of its descendants).
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { groupFieldsSchema, type Catalog, type Group } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { useCreateGroup, useUpdateGroup, type GroupBody } from '../api/groups';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { localizedLabels } from '../lib/field-labels';
import { buildGroupTree, flattenGroupTree, groupWithDescendants } from '../lib/group-tree';
import {
  localizedDescriptionSchema,
  localizedNameSchema,
  toLocalizedValues,
} from '../lib/localized-fields';
import { isProblem, problemText } from '@/lib/problem-text';
import { FormDialog } from '@/components/form-dialog';
import { LocalizedTextFields } from './localized-text-fields';
import { NAMED_EMPTY_CHOICE } from '@/lib/select-props';

/** "" stands for "top level" in the parent select. */
const parentIdSchema = z
  .union([z.literal(''), z.number().int().positive()])
  .transform((value) => (value === '' ? null : value));

interface ParentSelectProps {
  catalog: Catalog;
  groups: readonly Group[];
  /** Groups that may not be chosen (the moved group and its descendants). */
  excluded?: ReadonlySet<number>;
  value: number | '';
  onChange: (value: number | '') => void;
  onBlur?: () => void;
  label: string;
}

function ParentSelect({
  catalog,
  groups,
  excluded,
  value,
  onChange,
  onBlur,
  label,
}: ParentSelectProps) {
  const { t } = useTranslation('catalogs');
  const localized = useLocalizedText(catalog);
  const options = flattenGroupTree(buildGroupTree(groups, (group) => localized(group.name))).filter(
    (node) => !excluded?.has(node.group.id),
  );
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => {
        const raw = event.target.value as number | '';
        onChange(raw === '' ? '' : Number(raw));
      }}
      onBlur={onBlur}
      helperText=" "
      slotProps={NAMED_EMPTY_CHOICE}
    >
      <MenuItem value="">{t('groups.topLevel')}</MenuItem>
      {options.map((node) => (
        <MenuItem key={node.group.id} value={node.group.id} sx={{ pl: 2 + node.depth * 2 }}>
          {localized(node.group.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface GroupDialogProps {
  catalog: Catalog;
  groups: readonly Group[];
  /** The group to rename; without it a new group is created under `parentId`. */
  group?: Group;
  parentId?: number | null;
  onClose: () => void;
}

export function GroupDialog({
  catalog,
  groups,
  group,
  parentId = null,
  onClose,
}: GroupDialogProps) {
  const { t } = useTranslation('catalogs');
  const toast = useToast();
  const { supportedLanguages: languages, defaultLanguage } = catalog;
  const createGroup = useCreateGroup(catalog.id);
  const updateGroup = useUpdateGroup(catalog.id);
  const schema = groupFieldsSchema.extend({
    name: localizedNameSchema(languages, defaultLanguage),
    description: localizedDescriptionSchema([]),
    parentId: parentIdSchema,
  });
  const form = useLocalizedForm(schema, {
    defaultValues: {
      name: toLocalizedValues(group?.name, languages),
      code: group?.code ?? '',
      description: toLocalizedValues(group?.description, languages),
      parentId: (group ? group.parentId : parentId) ?? '',
    },
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'catalogs');
      return {
        ...localizedLabels('name', tFixed('fieldName.name'), languages, locale),
        code: tFixed('fieldName.code'),
        description: tFixed('fieldName.description'),
      };
    },
  });
  const saving = createGroup.isPending || updateGroup.isPending;

  const submit = (body: GroupBody) => {
    const done = {
      onSuccess: onClose,
      onError: (error: unknown) => {
        const shown =
          isProblem(error, 'VALIDATION_FAILED') &&
          applyServerFieldErrors(form.setError, error.errors, ['code']);
        if (!shown) toast.error(problemText(error, t('groups.saveFailed')));
      },
    };
    if (group) updateGroup.mutate({ groupId: group.id, body }, done);
    else createGroup.mutate(body, done);
  };

  return (
    <FormDialog
      open
      title={group ? t('groups.editTitle') : t('groups.createTitle')}
      submitLabel={group ? t('actions.save') : t('groups.create')}
      submitting={saving}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <LocalizedTextFields
        control={form.control}
        name="name"
        kind="name"
        languages={languages}
        defaultLanguage={defaultLanguage}
        label={t('fields.name')}
      />
      <FormTextField control={form.control} name="code" label={t('fields.code')} required />
      {group ? null : (
        <Controller
          control={form.control}
          name="parentId"
          render={({ field }) => (
            <ParentSelect
              catalog={catalog}
              groups={groups}
              value={field.value as number | ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('groups.parent')}
            />
          )}
        />
      )}
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

export interface GroupMoveDialogProps {
  catalog: Catalog;
  groups: readonly Group[];
  group: Group;
  onClose: () => void;
}

export function GroupMoveDialog({ catalog, groups, group, onClose }: GroupMoveDialogProps) {
  const { t } = useTranslation('catalogs');
  const toast = useToast();
  const localized = useLocalizedText(catalog);
  const updateGroup = useUpdateGroup(catalog.id);
  const [parentId, setParentId] = useState<number | ''>(group.parentId ?? '');

  return (
    <FormDialog
      open
      title={t('groups.moveTitle', { name: localized(group.name) })}
      submitLabel={t('groups.move')}
      submitting={updateGroup.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const { name, code, description } = group;
        updateGroup.mutate(
          {
            groupId: group.id,
            body: { name, code, description, parentId: parentId === '' ? null : parentId },
          },
          {
            onSuccess: onClose,
            onError: (error) => toast.error(problemText(error, t('groups.moveFailed'))),
          },
        );
      }}
    >
      <ParentSelect
        catalog={catalog}
        groups={groups}
        excluded={groupWithDescendants(groups, group.id)}
        value={parentId}
        onChange={setParentId}
        label={t('groups.newParent')}
      />
    </FormDialog>
  );
}
