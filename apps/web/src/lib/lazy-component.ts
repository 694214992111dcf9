// A component whose code loads on first use (a dialog a page seldom opens), with a preload for the moment it becomes likely.
import {
  createElement,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { whenIdle } from './when-idle';

export interface LazyComponent<P extends object> {
  /** Render inside <Suspense>; it suspends only until the code has loaded. */
  readonly Component: ComponentType<P>;
  /** Starts loading the code, e.g. when the pointer reaches the button that opens it. */
  readonly preload: () => Promise<ComponentType<P>>;
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  // React's lazy keeps its first failure for good: after a failed download, the next preload
  // starts a fresh one, which the component renders from then on.
  const createLoaded = () => lazy(async () => ({ default: await preload() }));
  let loaded = createLoaded();
  let failed = false;
  let pending: Promise<ComponentType<P>> | undefined;
  function preload(): Promise<ComponentType<P>> {
    if (failed) {
      failed = false;
      loaded = createLoaded();
    }
    pending ??= load().catch((error: unknown) => {
      // Offline or after a new release: the next preload tries again.
      pending = undefined;
      failed = true;
      throw error;
    });
    return pending;
  }
  const Component = (props: P) => createElement(loaded, props);
  return { Component, preload };
}

/**
 * A component no first screen shows (toasts, the confirm dialog, notices), for a provider that
 * renders it only once loaded: its code loads when the page is idle, or at once when `request` is
 * called. Before that the provider keeps what it should show; a failed download leaves it null
 * and the next `request` tries again.
 */
export function useIdleComponent<P extends object>(
  component: LazyComponent<P>,
): [Loaded: ComponentType<P> | null, request: () => void] {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  // A download that ends after the provider unmounted (a page left, a test torn down) is dropped.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { preload } = component;
  const request = useCallback(() => {
    preload().then(
      (loaded) => {
        if (mounted.current) setLoaded(() => loaded);
      },
      () => {
        // Offline or after a new release: the next request downloads it again.
      },
    );
  }, [preload]);
  useEffect(() => whenIdle(request), [request]);
  return [Loaded, request];
}
