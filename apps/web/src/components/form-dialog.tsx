// A dialog holding one form: title, fields, Cancel and the submit button; it cannot be dismissed while saving.
import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitting: boolean;
  maxWidth?: DialogProps['maxWidth'];
  /** Takes the whole `maxWidth`, for forms laid out in columns that would otherwise shrink to their content. */
  fullWidth?: boolean;
  children: ReactNode;
}

export function FormDialog({
  open,
  title,
  submitLabel,
  onSubmit,
  onClose,
  submitting,
  maxWidth = 'sm',
  fullWidth = false,
  children,
}: FormDialogProps) {
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth={fullWidth}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
        <DialogContent dividers sx={{ display: 'grid', rowGap: 0.5 }}>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={submitting} color="inherit">
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
