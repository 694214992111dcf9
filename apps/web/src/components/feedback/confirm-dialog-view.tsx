// The confirm dialog as drawn (spec sections 2-4): title, message, Cancel and OK; its provider holds what it asks.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_DIALOG_MAX_WIDTH } from '@costory/shared';
import type { ConfirmOptions } from './confirm-dialog';

export interface ConfirmDialogViewProps {
  open: boolean;
  /** The last options stay while the dialog fades out, so its text does not vanish mid-animation. */
  options: ConfirmOptions | null;
  running: boolean;
  onCancel: () => void;
  onAccept: () => void;
}

export function ConfirmDialogView({
  open,
  options,
  running,
  onCancel,
  onAccept,
}: ConfirmDialogViewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      maxWidth={false}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      slotProps={{ paper: { sx: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{options?.title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {options?.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={running} color="inherit">
          {options?.cancelButtonText ?? t('actions.cancel')}
        </Button>
        <Button onClick={onAccept} disabled={running} variant="contained" autoFocus>
          {options?.okButtonText ?? t('actions.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
