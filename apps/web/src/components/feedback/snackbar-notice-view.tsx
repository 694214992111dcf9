// The notice snackbar as drawn: one at a time at the bottom, 5000 ms (spec section 9); its provider holds the notice.
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_TIMEOUT_MS } from '@costory/shared';

export interface SnackbarNoticeViewProps {
  /** Changes with every notice, so a new one restarts the timer and the transition. */
  noticeKey: number | undefined;
  text: string | undefined;
  open: boolean;
  onClose: () => void;
}

export function SnackbarNoticeView({ noticeKey, text, open, onClose }: SnackbarNoticeViewProps) {
  return (
    <Snackbar
      key={noticeKey}
      open={open}
      message={text}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      className="costory-snackbar"
      onClose={(_event, reason) => {
        // A click elsewhere should not dismiss a notice the user may not have read yet.
        if (reason !== 'clickaway') onClose();
      }}
    />
  );
}
