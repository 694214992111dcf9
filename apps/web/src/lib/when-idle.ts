// Runs a task once the browser is idle (or after a second where it cannot say): code and texts the page may need soon.
const FALLBACK_DELAY_MS = 1000;

/** Calls `task` when the page is idle; the returned function cancels a call not yet made. */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}
