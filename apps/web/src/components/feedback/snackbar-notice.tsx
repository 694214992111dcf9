// The snackbar for short notices such as "Value copied to clipboard" (spec section 9); its drawing code loads when the page is idle or at the first notice.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { lazyComponent, useIdleComponent } from '@/lib/lazy-component';

interface Notice {
  key: number;
  text: string;
}

export interface SnackbarNotice {
  show: (text: string) => void;
}

const SnackbarNoticeContext = createContext<SnackbarNotice | null>(null);

const snackbarNoticeView = lazyComponent(
  async () => (await import('./snackbar-notice-view')).SnackbarNoticeView,
);

export function SnackbarNoticeProvider({ children }: { children: ReactNode }) {
  const [View, requestView] = useIdleComponent(snackbarNoticeView);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback(
    (text: string) => {
      setNotice({ key: Date.now(), text });
      setOpen(true);
      requestView();
    },
    [requestView],
  );
  const value = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarNoticeContext value={value}>
      {children}
      {View ? (
        <View
          noticeKey={notice?.key}
          text={notice?.text}
          open={open}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </SnackbarNoticeContext>
  );
}

export function useSnackbarNotice(): SnackbarNotice {
  const context = useContext(SnackbarNoticeContext);
  if (!context) throw new Error('useSnackbarNotice needs a SnackbarNoticeProvider');
  return context;
}
