// The snackbar for short notices such as "Value copied to clipboard": one at a time, 5000 ms (spec section 9).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_TIMEOUT_MS } from '@costory/shared';

interface Notice {
  key: number;
  text: string;
}

export interface SnackbarNotice {
  show: (text: string) => void;
}

const SnackbarNoticeContext = createContext<SnackbarNotice | null>(null);

export function SnackbarNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((text: string) => {
    setNotice({ key: Date.now(), text });
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarNoticeContext value={value}>
      {children}
      <Snackbar
        key={notice?.key}
        open={open}
        message={notice?.text}
        autoHideDuration={SNACKBAR_TIMEOUT_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        className="costory-snackbar"
        onClose={(_event, reason) => {
          // A click elsewhere should not dismiss a notice the user may not have read yet.
          if (reason !== 'clickaway') setOpen(false);
        }}
      />
    </SnackbarNoticeContext>
  );
}

export function useSnackbarNotice(): SnackbarNotice {
  const context = useContext(SnackbarNoticeContext);
  if (!context) throw new Error('useSnackbarNotice needs a SnackbarNoticeProvider');
  return context;
}
