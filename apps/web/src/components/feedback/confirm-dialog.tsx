// The confirm dialog (spec sections 2-4): opened with a dialog object; Cancel closes, OK runs onOk then closes. Its drawing code loads when the page is idle or at the first question.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazyComponent, useIdleComponent } from '@/lib/lazy-component';

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

const confirmDialogView = lazyComponent(
  async () => (await import('./confirm-dialog-view')).ConfirmDialogView,
);

export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const [View, requestView] = useIdleComponent(confirmDialogView);
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);

  const confirm = useCallback<Confirm>(
    (next) => {
      setOptions(next);
      setOpen(true);
      requestView();
    },
    [requestView],
  );

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
      {View ? (
        <View
          open={open}
          options={options}
          running={running}
          onCancel={cancel}
          onAccept={() => void accept()}
        />
      ) : null}
    </ConfirmContext>
  );
}

/** Returns `confirm(dialogObject)`, which opens the shared confirm dialog. */
export function useConfirm(): Confirm {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error('useConfirm needs a ConfirmDialogProvider');
  return context;
}
