// The attributes of an item: rows with level, code, name, type, mandatory flag, default value (input by type),
// localized texts, bounds of numbers and, for ENUM, coded values with localized labels; rows can be added, removed and reordered.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Controller,
  useFieldArray,
  useFormState,
  useWatch,
  type Control,
  type UseFormSetValue,
  type UseFormTrigger,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ATTRIBUTE_TYPES,
  pickLocalized,
  typeHasBounds,
  type AttributeFields,
  type Catalog,
} from '@costory/shared';
import {
  MAX_ATTRIBUTE_LEVEL,
  newAttributeForm,
  newEnumValueForm,
  type AttributesForm,
} from '../lib/attribute-form';
import { useLanguages, useUiLocale } from '@/hooks/use-catalog-locale';
import { EmptyState } from '@/components/empty-state';
import { LocalizedTextFields } from './localized-text-fields';
import { NAMED_EMPTY_CHOICE } from '@/lib/select-props';

type AttributesControl = Control<AttributesForm, unknown, { attributes: AttributeFields[] }>;

const LEVELS = Array.from({ length: MAX_ATTRIBUTE_LEVEL }, (_, index) => index + 1);

interface RowProps {
  catalog: Catalog;
  control: AttributesControl;
  setValue: UseFormSetValue<AttributesForm>;
  trigger: UseFormTrigger<AttributesForm>;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function DefaultValueField({
  defaultLanguage,
  control,
  index,
  disabled,
}: Pick<RowProps, 'control' | 'index' | 'disabled'> & { defaultLanguage: string }) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const [type, enumValues] = useWatch({
    control,
    name: [`attributes.${index}.type`, `attributes.${index}.enumValues`],
  });
  return (
    <Controller
      control={control}
      name={`attributes.${index}.defaultValue`}
      render={({ field, fieldState }) => {
        const common = {
          fullWidth: true,
          size: 'small' as const,
          label: t('attributes.defaultValue'),
          name: field.name,
          value: field.value,
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          disabled,
          error: fieldState.error !== undefined,
          helperText: fieldState.error?.message ?? ' ',
        };
        if (type === 'BOOLEAN') {
          return (
            <TextField select {...common} slotProps={NAMED_EMPTY_CHOICE}>
              <MenuItem value="">{t('attributes.noDefault')}</MenuItem>
              <MenuItem value="true">{t('common.yes')}</MenuItem>
              <MenuItem value="false">{t('common.no')}</MenuItem>
            </TextField>
          );
        }
        if (type === 'ENUM') {
          const options = enumValues.filter((value) => value.code.trim() !== '');
          return (
            <TextField select {...common} slotProps={NAMED_EMPTY_CHOICE}>
              <MenuItem value="">{t('attributes.noDefault')}</MenuItem>
              {options.map((value) => (
                <MenuItem key={value.code} value={value.code.trim()}>
                  {pickLocalized(value.label, locale, defaultLanguage) || value.code}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        return (
          <TextField
            {...common}
            slotProps={{
              htmlInput: {
                inputMode: type === 'NUMBER' ? 'decimal' : type === 'INTEGER' ? 'numeric' : 'text',
              },
            }}
          />
        );
      }}
    />
  );
}

/** Minimum and maximum of a NUMBER or INTEGER attribute; empty is "no limit". */
function BoundsFields({
  control,
  index,
  disabled,
}: Pick<RowProps, 'control' | 'index' | 'disabled'>) {
  const { t } = useTranslation('catalogs');
  return (
    <Stack direction="row" spacing={1.5} sx={{ mt: 1, maxWidth: 400 }}>
      {(['minimum', 'maximum'] as const).map((bound) => (
        <Controller
          key={bound}
          control={control}
          name={`attributes.${index}.${bound}`}
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              fullWidth
              label={t(`attributes.${bound}`)}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? t('attributes.noLimit')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          )}
        />
      ))}
    </Stack>
  );
}

function EnumValues({
  catalog,
  control,
  index,
  disabled,
}: Pick<RowProps, 'catalog' | 'control' | 'index' | 'disabled'>) {
  const { t } = useTranslation('catalogs');
  const { supportedLanguages: languages, defaultLanguage } = catalog;
  const values = useFieldArray({ control, name: `attributes.${index}.enumValues` });
  const { errors } = useFormState({ control, name: `attributes.${index}.enumValues` });
  const listError = errors.attributes?.[index]?.enumValues?.message;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('attributes.enumValues')}
      </Typography>
      <Stack spacing={1}>
        {values.fields.map((value, valueIndex) => (
          <Box
            key={value.id}
            role="group"
            aria-label={t('attributes.valueLabel', { index: valueIndex + 1 })}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <Controller
              control={control}
              name={`attributes.${index}.enumValues.${valueIndex}.code`}
              render={({ field, fieldState }) => (
                <TextField
                  size="small"
                  label={t('fields.code')}
                  required
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={disabled}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? ' '}
                  sx={{ width: 160, flexShrink: 0 }}
                />
              )}
            />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <LocalizedTextFields
                control={control}
                name={`attributes.${index}.enumValues.${valueIndex}.label`}
                kind="name"
                languages={languages}
                defaultLanguage={defaultLanguage}
                label={t('attributes.valueText')}
                size="small"
                columns={Math.min(languages.length, 3)}
                disabled={disabled}
              />
            </Box>
            <Tooltip title={t('attributes.removeValue', { index: valueIndex + 1 })}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t('attributes.removeValue', { index: valueIndex + 1 })}
                  onClick={() => values.remove(valueIndex)}
                  disabled={disabled}
                  sx={{ mt: 0.5 }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ))}
      </Stack>
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={disabled}
        onClick={() =>
          values.append(newEnumValueForm(languages), {
            focusName: `attributes.${index}.enumValues.${values.fields.length}.code`,
          })
        }
        sx={{ mt: 0.5 }}
      >
        {t('attributes.addValue')}
      </Button>
    </Box>
  );
}

function AttributeRow({
  catalog,
  control,
  setValue,
  trigger,
  index,
  count,
  disabled,
  onMove,
  onRemove,
}: RowProps) {
  const { t } = useTranslation('catalogs');
  const { nameOf } = useLanguages();
  const { supportedLanguages: languages, defaultLanguage } = catalog;
  const [more, setMore] = useState(false);
  const type = useWatch({ control, name: `attributes.${index}.type` });
  const { errors } = useFormState({ control, name: `attributes.${index}` });
  const rowErrors = errors.attributes?.[index];
  const otherNameFailed = languages.some(
    (language) => language !== defaultLanguage && rowErrors?.name?.[language] !== undefined,
  );
  // Texts that failed validation are never left hidden in the closed section.
  const open = more || rowErrors?.description !== undefined || otherNameFailed;
  const otherLanguages = languages.filter((language) => language !== defaultLanguage);
  const position = index + 1;

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t('attributes.rowLabel', { index: position })}
      sx={{ p: 2 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: '1fr 1fr',
            md: '84px 150px minmax(0, 1fr) 170px 170px auto',
          },
        }}
      >
        <Controller
          control={control}
          name={`attributes.${index}.level`}
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('attributes.level')}
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              helperText=" "
            >
              {LEVELS.map((level) => (
                <MenuItem key={level} value={level}>
                  {level}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name={`attributes.${index}.code`}
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              label={t('fields.code')}
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
        <LocalizedTextFields
          control={control}
          name={`attributes.${index}.name`}
          kind="name"
          languages={[defaultLanguage]}
          defaultLanguage={defaultLanguage}
          label={t('fields.name')}
          size="small"
          disabled={disabled}
        />
        <Controller
          control={control}
          name={`attributes.${index}.type`}
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('attributes.type')}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                // A default typed for another type would rarely fit the new one.
                setValue(`attributes.${index}.defaultValue`, '', { shouldValidate: false });
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              helperText=" "
            >
              {ATTRIBUTE_TYPES.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`attributes.typeName.${option}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <DefaultValueField
          control={control}
          index={index}
          disabled={disabled}
          defaultLanguage={defaultLanguage}
        />
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gridColumn: { xs: '1 / -1', md: 'auto' } }}
        >
          <Controller
            control={control}
            name={`attributes.${index}.mandatory`}
            render={({ field }) => (
              <FormControlLabel
                label={t('attributes.mandatory')}
                control={
                  <Checkbox
                    size="small"
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                    disabled={disabled}
                  />
                }
                sx={{ mr: 0.5 }}
              />
            )}
          />
          <Tooltip title={t('attributes.moveUp', { index: position })}>
            <span>
              <IconButton
                size="small"
                aria-label={t('attributes.moveUp', { index: position })}
                disabled={disabled || index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('attributes.moveDown', { index: position })}>
            <span>
              <IconButton
                size="small"
                aria-label={t('attributes.moveDown', { index: position })}
                disabled={disabled || index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('attributes.remove', { index: position })}>
            <span>
              <IconButton
                size="small"
                aria-label={t('attributes.remove', { index: position })}
                disabled={disabled}
                onClick={() => onRemove(index)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      </Box>
      {type === 'ENUM' ? (
        <EnumValues catalog={catalog} control={control} index={index} disabled={disabled} />
      ) : null}
      {typeHasBounds(type) ? (
        <BoundsFields control={control} index={index} disabled={disabled} />
      ) : null}
      <Button
        size="small"
        color="inherit"
        startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        aria-expanded={open}
        onClick={() => setMore(!open)}
        sx={{ mt: 0.5, color: 'text.secondary' }}
      >
        {otherLanguages.length > 0
          ? t('attributes.moreTranslations', {
              languages: otherLanguages.map(nameOf).join(', '),
            })
          : t('attributes.moreDescription')}
      </Button>
      {/* Kept mounted while closed, so errors inside still count and typed texts stay. */}
      <Collapse in={open}>
        <Box sx={{ display: 'grid', gap: 1, pt: 1.5 }}>
          {otherLanguages.length > 0 ? (
            <LocalizedTextFields
              control={control}
              name={`attributes.${index}.name`}
              kind="name"
              languages={otherLanguages}
              defaultLanguage={defaultLanguage}
              label={t('fields.name')}
              size="small"
              columns={Math.min(otherLanguages.length, 3)}
              disabled={disabled}
            />
          ) : null}
          <LocalizedTextFields
            control={control}
            name={`attributes.${index}.description`}
            kind="description"
            validate={() => void trigger(`attributes.${index}.description`)}
            languages={languages}
            defaultLanguage={defaultLanguage}
            label={t('fields.description')}
            size="small"
            columns={Math.min(languages.length, 3)}
            multiline
            disabled={disabled}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}

export interface AttributesEditorProps {
  catalog: Catalog;
  control: AttributesControl;
  setValue: UseFormSetValue<AttributesForm>;
  trigger: UseFormTrigger<AttributesForm>;
  /** The levels of the rows now (read on demand, so typing does not re-render every row). */
  levelsOf: () => number[];
  disabled?: boolean;
}

export function AttributesEditor({
  catalog,
  control,
  setValue,
  trigger,
  levelsOf,
  disabled = false,
}: AttributesEditorProps) {
  const { t } = useTranslation('catalogs');
  const rows = useFieldArray({ control, name: 'attributes' });

  // A new row starts at the deepest level so far, where attributes are usually added.
  const add = () =>
    rows.append(newAttributeForm(catalog.supportedLanguages, Math.max(1, ...levelsOf())), {
      focusName: `attributes.${rows.fields.length}.code`,
    });

  return (
    <Box>
      {rows.fields.length === 0 ? (
        <EmptyState
          icon={<TuneIcon />}
          title={t('attributes.emptyTitle')}
          text={disabled ? t('attributes.emptyTextReadOnly') : t('attributes.emptyText')}
        />
      ) : (
        <Stack spacing={1.5}>
          {rows.fields.map((row, index) => (
            <AttributeRow
              key={row.id}
              catalog={catalog}
              control={control}
              setValue={setValue}
              trigger={trigger}
              index={index}
              count={rows.fields.length}
              disabled={disabled}
              onMove={rows.move}
              onRemove={rows.remove}
            />
          ))}
        </Stack>
      )}
      {disabled ? null : (
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} sx={{ mt: 2 }}>
          {t('attributes.add')}
        </Button>
      )}
    </Box>
  );
}
