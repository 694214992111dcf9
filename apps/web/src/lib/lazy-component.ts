// A component whose code loads on first use (a dialog a page seldom opens), with a preload for the moment it becomes likely.
import { lazy, type ComponentType } from 'react';

export interface LazyComponent<P extends object> {
  /** Render inside <Suspense>; it suspends only until the code has loaded. */
  readonly Component: ComponentType<P>;
  /** Starts loading the code, e.g. when the pointer reaches the button that opens it. */
  readonly preload: () => Promise<ComponentType<P>>;
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().catch((error: unknown) => {
      // A failed download (offline, a new release) is tried again the next time.
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return { Component: lazy(async () => ({ default: await preload() })), preload };
}
