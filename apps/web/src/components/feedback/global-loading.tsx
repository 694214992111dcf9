// The global loading overlay: shown while queries, mutations or explicit tasks run longer than a moment.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useIsFetching, useIsMutating, type Query } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Work shorter than this never shows the overlay, so quick calls do not flicker. */
export const GLOBAL_LOADING_DELAY_MS = 300;

export interface GlobalLoading {
  /** Raises the counter; call the returned function (once) when the work is done. */
  begin: () => () => void;
  /** Keeps the overlay up while the promise is pending and passes its result through. */
  track: <T>(promise: Promise<T>) => Promise<T>;
}

const GlobalLoadingContext = createContext<GlobalLoading | null>(null);

// A query may opt out with `meta: { globalLoading: false }`, e.g. a background poll.
function countsAsLoading(query: Query): boolean {
  return query.meta?.globalLoading !== false;
}

function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);
  return active && elapsed;
}

export function GlobalLoadingProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [pending, setPending] = useState(0);
  const fetching = useIsFetching({ predicate: countsAsLoading });
  const mutating = useIsMutating({ predicate: (m) => m.meta?.globalLoading !== false });
  const visible = useDelayedFlag(pending + fetching + mutating > 0, GLOBAL_LOADING_DELAY_MS);

  const begin = useCallback(() => {
    setPending((count) => count + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      setPending((count) => count - 1);
    };
  }, []);
  const track = useCallback(
    <T,>(promise: Promise<T>) => {
      const end = begin();
      return promise.finally(end);
    },
    [begin],
  );
  const value = useMemo(() => ({ begin, track }), [begin, track]);

  return (
    <GlobalLoadingContext value={value}>
      {children}
      {/* Gone from the page once faded out: a hidden spinner would keep animating, restyling
          the page every frame on every page the overlay ever showed on. */}
      <Backdrop
        open={visible}
        slotProps={{ transition: { unmountOnExit: true } }}
        sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: 'common.white' })}
      >
        <CircularProgress color="inherit" aria-label={t('loading')} />
      </Backdrop>
    </GlobalLoadingContext>
  );
}

export function useGlobalLoading(): GlobalLoading {
  const context = useContext(GlobalLoadingContext);
  if (!context) throw new Error('useGlobalLoading needs a GlobalLoadingProvider');
  return context;
}
