// A password field with a show/hide toggle that keyboard and screen-reader users can reach.
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from '@/components/form-text-field';

export function PasswordField<TValues extends FieldValues, TOutput>(
  props: Omit<FormTextFieldProps<TValues, TOutput>, 'type'>,
) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t('login.hidePassword') : t('login.showPassword');
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={toggleLabel}
                onClick={() => setVisible((shown) => !shown)}
                // Keeps the caret in the field when the toggle is clicked with a mouse.
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {visible ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
