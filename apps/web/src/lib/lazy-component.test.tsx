// A lazily loaded component after a failed download: the next preload loads it again, instead of React's lazy failing for good.
import { Component as ReactComponent, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

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
