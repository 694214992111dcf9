// When forms validate (spec section 5): on blur and change, not on every keystroke, and on model update.
import type { Mode, SetValueConfig, UseFormProps } from 'react-hook-form';

/**
 * react-hook-form settings for the spec's behaviour. A text field is checked when the user leaves
 * it (its "change" is committed on blur), never while typing, also after a failed submit. Values
 * set by code (pickers, selects, computed fields) go through `setValue`, which `useLocalizedForm`
 * makes validate at once with `modelUpdate`.
 */
export const FORM_VALIDATION_MODE = {
  mode: 'onBlur',
  reValidateMode: 'onBlur',
  modelUpdate: { shouldValidate: true, shouldDirty: true },
} as const satisfies {
  mode: Mode;
  reValidateMode: NonNullable<UseFormProps['reValidateMode']>;
  modelUpdate: SetValueConfig;
};
