// The confirm dialog (spec sections 2-4): opened with a dialog object; Cancel closes, OK runs onOk then closes.
import { createContext, useCallback, useContext, useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { CONFIRM_DIALOG_MAX_WIDTH } from '@costory/shared';

/** The spec's dialog object. */
export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  okButtonText?: string;
  cancelButtonText?: string;
  onOk: () => void | Promise<void>;
}

export type Confirm = (options: ConfirmOptions) => void;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // The last options stay while the dialog fades out, so its text does not vanish mid-animation.
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const titleId = useId();
  const messageId = useId();

  const confirm = useCallback<Confirm>((next) => {
    setOptions(next);
    setOpen(true);
  }, []);

  const cancel = () => {
    if (!running) setOpen(false);
  };

  const accept = async () => {
    if (!options || running) return;
    setRunning(true);
    try {
      await options.onOk();
    } finally {
      setRunning(false);
      setOpen(false);
    }
  };

  return (
    <ConfirmContext value={confirm}>
      {children}
      <Dialog
        open={open}
        onClose={cancel}
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
          <Button onClick={cancel} disabled={running} color="inherit">
            {options?.cancelButtonText ?? t('actions.cancel')}
          </Button>
          <Button onClick={() => void accept()} disabled={running} variant="contained" autoFocus>
            {options?.okButtonText ?? t('actions.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext>
  );
}

/** Returns `confirm(dialogObject)`, which opens the shared confirm dialog. */
export function useConfirm(): Confirm {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error('useConfirm needs a ConfirmDialogProvider');
  return context;
}
