// A price typed in a table cell, bound to a react-hook-form field: decimal keyboard, the currency after it, the price that applies when it is left empty as its placeholder.
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface PriceFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  /** The accessible name, e.g. "Custom price of Developer". */
  label: string;
  currency: string;
  /** The price that applies while the field is empty, as the user would type it. */
  placeholder: string;
}

export function PriceField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  currency,
  placeholder,
}: PriceFieldProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          size="small"
          fullWidth
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          placeholder={placeholder}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'aria-label': label },
            input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          }}
        />
      )}
    />
  );
}
