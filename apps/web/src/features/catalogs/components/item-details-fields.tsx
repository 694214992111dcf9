// The item's own fields: localized name and description, code, group, phase, icon, repeatable flag and labels.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Catalog, Group, Label, Phase } from '@costory/shared';
import { FormTextField } from '@/components/form-text-field';
import type { ItemFieldsBody } from '../api/items';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { buildGroupTree, flattenGroupTree } from '../lib/group-tree';
import type { ItemDetailsForm } from '../lib/item-form';
import { ITEM_ICON_NAMES, ItemIcon } from '@/components/item-icon';
import { LabelChip } from '@/components/label-chip';
import { LocalizedTextFields } from './localized-text-fields';
import { NAMED_EMPTY_CHOICE } from '@/lib/select-props';

interface OptionalIdSelectProps {
  control: Control<ItemDetailsForm, unknown, ItemFieldsBody>;
  name: 'groupId' | 'phaseId';
  label: string;
  /** The named empty choice ("No group"). */
  emptyLabel: string;
  /** `depth` indents sub-groups under their parents. */
  options: readonly { id: number; label: string; depth: number }[];
  disabled: boolean;
}

/** A select of one of the catalog's groups or phases, or none. */
function OptionalIdSelect({
  control,
  name,
  label,
  emptyLabel,
  options,
  disabled,
}: OptionalIdSelectProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          name={field.name}
          // Until the options arrive, the select shows nothing rather than an unknown id.
          value={options.some((option) => option.id === field.value) ? field.value : ''}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? '' : Number(event.target.value))
          }
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          helperText=" "
          slotProps={NAMED_EMPTY_CHOICE}
        >
          <MenuItem value="">{emptyLabel}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id} sx={{ pl: 2 + option.depth * 2 }}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export interface ItemDetailsFieldsProps {
  catalog: Catalog;
  control: Control<ItemDetailsForm, unknown, ItemFieldsBody>;
  groups: readonly Group[];
  phases: readonly Phase[];
  labels: readonly Label[];
  disabled: boolean;
  /** Validates the description map when one of its fields is left. */
  validateDescription: () => void;
}

export function ItemDetailsFields({
  catalog,
  control,
  groups,
  phases,
  labels,
  disabled,
  validateDescription,
}: ItemDetailsFieldsProps) {
  const { t } = useTranslation('catalogs');
  const localized = useLocalizedText(catalog);
  const { supportedLanguages: languages, defaultLanguage } = catalog;
  const groupOptions = flattenGroupTree(buildGroupTree(groups, (group) => localized(group.name)));
  const columns = Math.min(languages.length, 2);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <LocalizedTextFields
        control={control}
        name="name"
        kind="name"
        languages={languages}
        defaultLanguage={defaultLanguage}
        label={t('fields.name')}
        columns={columns}
        disabled={disabled}
      />
      <LocalizedTextFields
        control={control}
        name="description"
        kind="description"
        languages={languages}
        requiredLanguages={[defaultLanguage]}
        validate={validateDescription}
        defaultLanguage={defaultLanguage}
        label={t('fields.description')}
        columns={columns}
        multiline
        disabled={disabled}
      />
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 1,
          mt: 1,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <FormTextField
          control={control}
          name="code"
          label={t('fields.code')}
          required
          disabled={disabled}
        />
        <OptionalIdSelect
          control={control}
          name="groupId"
          label={t('fields.group')}
          emptyLabel={t('item.noGroup')}
          options={groupOptions.map((node) => ({
            id: node.group.id,
            label: localized(node.group.name),
            depth: node.depth,
          }))}
          disabled={disabled}
        />
        <OptionalIdSelect
          control={control}
          name="phaseId"
          label={t('fields.phase')}
          emptyLabel={t('item.noPhase')}
          options={phases.map((phase) => ({
            id: phase.id,
            label: localized(phase.name),
            depth: 0,
          }))}
          disabled={disabled}
        />
        <Controller
          control={control}
          name="icon"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('fields.icon')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              helperText=" "
              slotProps={{
                select: {
                  renderValue: (value) => (
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <ItemIcon name={String(value)} fontSize="small" color="primary" />
                      {value === ''
                        ? t('item.defaultIcon')
                        : t(`item.icon.${String(value) as (typeof ITEM_ICON_NAMES)[number]}`)}
                    </Box>
                  ),
                  displayEmpty: true,
                },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">
                <ListItemIcon>
                  <ItemIcon name="" fontSize="small" />
                </ListItemIcon>
                {t('item.defaultIcon')}
              </MenuItem>
              {ITEM_ICON_NAMES.map((name) => (
                <MenuItem key={name} value={name}>
                  <ListItemIcon>
                    <ItemIcon name={name} fontSize="small" />
                  </ListItemIcon>
                  {t(`item.icon.${name}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="labelIds"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={labels.map((label) => label.id)}
              value={field.value.filter((id) => labels.some((label) => label.id === id))}
              onChange={(_event, value) => field.onChange(value)}
              onBlur={field.onBlur}
              disabled={disabled}
              getOptionLabel={(id) => labels.find((label) => label.id === id)?.title ?? String(id)}
              renderValue={(value, getItemProps) =>
                value.map((id, index) => {
                  const label = labels.find((candidate) => candidate.id === id);
                  const { key, ...itemProps } = getItemProps({ index });
                  return (
                    <LabelChip
                      key={key}
                      {...itemProps}
                      title={label?.title ?? String(id)}
                      color={label?.color ?? '#757575'}
                    />
                  );
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={field.name}
                  label={t('fields.labels')}
                  helperText=" "
                />
              )}
              sx={{ gridColumn: { md: 'span 2' } }}
            />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="repeatable"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              label={t('item.repeatable')}
              control={
                <Switch
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                  disabled={disabled}
                />
              }
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', ml: 6.5, mt: -0.5 }}>
              {t('item.repeatableHelp')}
            </Typography>
          </Box>
        )}
      />
    </Box>
  );
}
