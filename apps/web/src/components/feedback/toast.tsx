// Toasts (spec section 8) for any component: the drawing code (notistack, themed alerts) loads when the page is idle or at the first toast.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { lazyComponent, useIdleComponent } from '@/lib/lazy-component';
import { createToastStore, type ToastVariant } from './toast-store';

const toastViewport = lazyComponent(async () => (await import('./toast-viewport')).ToastViewport);

const ToastContext = createContext<((variant: ToastVariant, text: string) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  const [Viewport, requestViewport] = useIdleComponent(toastViewport);
  const show = useCallback(
    (variant: ToastVariant, text: string) => {
      store.show({ variant, text });
      requestViewport();
    },
    [store, requestViewport],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      {Viewport ? <Viewport store={store} /> : null}
    </ToastContext.Provider>
  );
}

export interface Toast {
  success: (text: string) => void;
  error: (text: string) => void;
  info: (text: string) => void;
}

/** Shows a toast in the variant the spec uses for successes, failures and notes. */
export function useToast(): Toast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return useMemo(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
    }),
    [show],
  );
}
