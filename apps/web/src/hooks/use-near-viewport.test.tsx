// Parts below the fold wait until they come near the viewport; without IntersectionObserver nothing waits.
import { useRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref}>{useNearViewport(ref) ? 'chart' : 'skeleton'}</div>;
}

/** An IntersectionObserver the test drives: `reach` says the observed element came near. */
function stubObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
  }[] = [];
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  const reach = (isIntersecting: boolean) =>
    act(() => {
      for (const { callback } of observers) {
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
  return { observers, disconnect, reach };
}

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits until the element comes near, then stays rendered', () => {
    const { observers, disconnect, reach } = stubObserver();
    render(<Probe />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    expect(observers[0]?.options?.rootMargin).toBe('300px');

    reach(false);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    reach(true);
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('renders at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('chart')).toBeInTheDocument();
  });
});
