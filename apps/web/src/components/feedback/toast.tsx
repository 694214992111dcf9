// Toasts (spec section 8) for any component: the drawing code (notistack, themed alerts) loads when the page is idle or at the first toast.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { whenIdle } from '@/lib/when-idle';
import { createToastStore, type ToastStore, type ToastVariant } from './toast-store';

type Viewport = ComponentType<{ store: ToastStore }>;

let viewportLoad: Promise<Viewport> | undefined;

// One download for every provider; after a failed one (offline) the next toast tries again.
function loadViewport(): Promise<Viewport> {
  viewportLoad ??= import('./toast-viewport').then(
    (module) => module.ToastViewport,
    (error: unknown) => {
      viewportLoad = undefined;
      throw error;
    },
  );
  return viewportLoad;
}

const ToastContext = createContext<((variant: ToastVariant, text: string) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  const [Viewport, setViewport] = useState<Viewport | null>(null);
  const load = useCallback(() => {
    loadViewport().then(
      (loaded) => setViewport(() => loaded),
      () => {
        // The toasts wait in the store; the next one asks for the code again.
      },
    );
  }, []);
  useEffect(() => whenIdle(load), [load]);
  const show = useCallback(
    (variant: ToastVariant, text: string) => {
      store.show({ variant, text });
      load();
    },
    [store, load],
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
