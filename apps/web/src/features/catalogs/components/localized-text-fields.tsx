// One text field per catalog language for a localized name or description, with the spec's description rule shown on it.
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import {
  Controller,
  useFormState,
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { formatValidationMessage } from '@costory/shared';
import { useLanguages, useUiLocale } from '@/hooks/use-catalog-locale';
import { isDescriptionTextInvalid, type LocalizedValues } from '../lib/localized-fields';

/** The error message at a dotted path of react-hook-form's errors, if there is one. */
function messageAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const segment of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const { message } = node as { message?: unknown };
  return typeof message === 'string' ? message : undefined;
}

export interface LocalizedTextFieldsProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  /** Path of the localized map in the form, e.g. `name` or `attributes.0.description`. */
  name: FieldPath<TValues>;
  /** Languages to show; the default language is put first when it is among them. */
  languages: readonly string[];
  defaultLanguage: string;
  /** Field label without the language, e.g. "Name"; the language is added in brackets. */
  label: string;
  /**
   * `name`: the default language is required and each field shows its own error. `description`:
   * the spec's rule for the whole map; its message shows once and every failing field gets an
   * error icon with the spec's tooltip.
   */
  kind: 'name' | 'description';
  /** For a description: languages that must be filled (the rest may stay empty). */
  requiredLanguages?: readonly string[];
  /**
   * For a description: validates the whole map when a field is left. react-hook-form checks only
   * the field that lost focus, but the description's rule sits on the map of all languages.
   */
  validate?: () => void;
  multiline?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** Lays the languages side by side from this many columns (1 = stacked). */
  columns?: number;
}

export function LocalizedTextFields<TValues extends FieldValues, TOutput>({
  control,
  name,
  languages,
  defaultLanguage,
  label,
  kind,
  requiredLanguages = [],
  validate,
  multiline = false,
  disabled = false,
  size = 'medium',
  columns = 1,
}: LocalizedTextFieldsProps<TValues, TOutput>) {
  const locale = useUiLocale();
  const { nameOf } = useLanguages();
  const { errors } = useFormState({ control, name });
  const values = useWatch({ control, name }) as LocalizedValues | undefined;
  // The default language leads when it is shown; a caller may show only the other languages.
  const ordered = languages.includes(defaultLanguage)
    ? [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)]
    : languages;
  // A description's rule covers the whole map, so its message sits at the map, not at a language.
  const descriptionMessage = kind === 'description' ? messageAt(errors, name) : undefined;
  const tooltip = formatValidationMessage(locale, 'description_tooltip');

  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.max(columns, 1)}, minmax(0, 1fr))` },
        }}
      >
        {ordered.map((language) => {
          const path = `${name}.${language}` as FieldPath<TValues>;
          const required =
            kind === 'name' ? language === defaultLanguage : requiredLanguages.includes(language);
          const markInvalid =
            descriptionMessage !== undefined &&
            isDescriptionTextInvalid(values?.[language], required);
          return (
            <Controller
              key={language}
              control={control}
              name={path}
              render={({ field, fieldState }) => (
                <TextField
                  fullWidth
                  size={size}
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={() => {
                    field.onBlur();
                    validate?.();
                  }}
                  inputRef={field.ref}
                  label={`${label} (${nameOf(language)})`}
                  required={required}
                  disabled={disabled}
                  multiline={multiline}
                  minRows={multiline ? 2 : undefined}
                  error={fieldState.error !== undefined || markInvalid}
                  helperText={kind === 'name' ? (fieldState.error?.message ?? ' ') : undefined}
                  slotProps={{
                    input: markInvalid
                      ? {
                          endAdornment: (
                            <InputAdornment position="end">
                              <Tooltip title={tooltip}>
                                <ErrorOutlineIcon
                                  color="error"
                                  titleAccess={tooltip}
                                  tabIndex={0}
                                />
                              </Tooltip>
                            </InputAdornment>
                          ),
                        }
                      : undefined,
                  }}
                />
              )}
            />
          );
        })}
      </Box>
      {kind === 'description' ? (
        // A line is kept for the message, so it appearing never moves the fields below.
        <FormHelperText error={descriptionMessage !== undefined} sx={{ mx: 1.75 }}>
          {descriptionMessage ?? ' '}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
