// A lazily loaded component after a failed download: the next preload loads it again, instead of React's lazy failing for good.
import { Component as ReactComponent, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, useIdleComponent, type LazyComponent } from './lazy-component';

class Boundary extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>download failed</p> : this.props.children;
  }
}

function Dialog({ name }: { name: string }) {
  return <p>dialog {name}</p>;
}

describe('lazyComponent', () => {
  it('loads again on the next preload after a failed download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Dialog>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Dialog);
    const dialog = lazyComponent(load);
    const tree = (attempt: number) => (
      <Boundary key={attempt}>
        <Suspense fallback={<p>loading</p>}>
          <dialog.Component name="new story" />
        </Suspense>
      </Boundary>
    );

    const view = render(tree(1));
    expect(await screen.findByText('download failed')).toBeInTheDocument();

    await expect(dialog.preload()).resolves.toBe(Dialog);
    view.rerender(tree(2));
    expect(await screen.findByText('dialog new story')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one download between preload and render', async () => {
    const load = vi.fn<() => Promise<typeof Dialog>>().mockResolvedValue(Dialog);
    const dialog = lazyComponent(load);
    await dialog.preload();
    render(
      <Suspense fallback={null}>
        <dialog.Component name="copy" />
      </Suspense>,
    );
    expect(await screen.findByText('dialog copy')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });
});

function Host({ component }: { component: LazyComponent<{ name: string }> }) {
  const [Loaded, request] = useIdleComponent(component);
  return (
    <>
      <button onClick={request}>ask</button>
      {Loaded ? <Loaded name="notice" /> : <p>not yet</p>}
    </>
  );
}

describe('useIdleComponent', () => {
  it('loads when the page is idle, and after a failed download loads on the next request', async () => {
    vi.useFakeTimers();
    try {
      const load = vi
        .fn<() => Promise<typeof Dialog>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockResolvedValue(Dialog);
      render(<Host component={lazyComponent(load)} />);
      expect(load).not.toHaveBeenCalled();
      // jsdom has no requestIdleCallback: the fallback waits a second.
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(load).toHaveBeenCalledOnce();
      expect(screen.getByText('not yet')).toBeInTheDocument();

      act(() => screen.getByRole('button', { name: 'ask' }).click());
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(load).toHaveBeenCalledTimes(2);
      expect(screen.getByText('dialog notice')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
