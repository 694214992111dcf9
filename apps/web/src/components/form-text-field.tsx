// A MUI text field bound to a react-hook-form field: its value, blur validation and the localized error below it.
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<TValues extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  /** Rewrites what is typed, e.g. to upper case for a code. */
  normalize?: (value: string) => string;
};

export function FormTextField<TValues extends FieldValues, TOutput>({
  control,
  name,
  helperText,
  normalize,
  ...textFieldProps
}: FormTextFieldProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          {...textFieldProps}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) =>
            field.onChange(normalize ? normalize(event.target.value) : event.target.value)
          }
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          // A blank line is kept for the message, so one appearing or going never moves the
          // fields below (or the button the user is about to click).
          helperText={fieldState.error?.message ?? helperText ?? ' '}
        />
      )}
    />
  );
}
