// The shell's feedback services: confirm dialog, toasts, snackbar notice, loading overlay and context menu.
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { renderInShell } from '@/test/render-app';
import { useConfirm, type ConfirmOptions } from './confirm-dialog';
import { ContextMenu, useContextMenu } from './context-menu';
import { useGlobalLoading } from './global-loading';
import { useSnackbarNotice } from './snackbar-notice';
import { useToast } from './toast';

function ConfirmButton(props: Omit<ConfirmOptions, 'message'> & { message?: string }) {
  const confirm = useConfirm();
  return <Button onClick={() => confirm({ message: 'Delete the role?', ...props })}>Delete</Button>;
}

describe('confirm dialog', () => {
  it('runs the callback and closes on OK, with translated defaults and focus on OK', async () => {
    const onOk = vi.fn();
    const { user } = renderInShell(<ConfirmButton onOk={onOk} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveAccessibleDescription('Delete the role?');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await user.click(ok);

    expect(onOk).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes without running the callback on Cancel or Escape', async () => {
    const onOk = vi.fn();
    const { user } = renderInShell(
      <ConfirmButton
        onOk={onOk}
        title="Delete role"
        okButtonText="Delete it"
        cancelButtonText="Keep"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete role' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Delete role' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onOk).not.toHaveBeenCalled();
  });

  it('waits for an asynchronous callback before closing', async () => {
    let finish = () => {};
    const onOk = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderInShell(<ConfirmButton onOk={onOk} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    act(() => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => [1, 2, 3, 4, 5].forEach((n) => toast.info(`Toast ${n}`))}>
        Five toasts
      </Button>
      <Button onClick={() => toast.error('Cannot load stories')}>Fail</Button>
      <Button onClick={() => toast.success('Story successfully created')}>Succeed</Button>
    </>
  );
}

describe('toasts', () => {
  it('shows at most three at once and the next when one is closed', async () => {
    const { user } = renderInShell(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'Five toasts' }));
    await waitFor(() => expect(screen.getAllByText(/^Toast \d$/)).toHaveLength(3));

    const first = screen.getByText('Toast 1').closest('[role="status"]');
    expect(first).not.toBeNull();
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByText('Toast 4')).toBeInTheDocument());
    expect(screen.getAllByText(/^Toast \d$/).length).toBeLessThanOrEqual(3);
  });

  it('announces errors as alerts and successes as status', async () => {
    const { user } = renderInShell(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot load stories');
    await user.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Story successfully created');
  });
});

function CopyButton() {
  const notice = useSnackbarNotice();
  return <Button onClick={() => notice.show('Value copied to clipboard')}>Copy</Button>;
}

describe('snackbar notice', () => {
  it('shows a transient notice', async () => {
    const { user } = renderInShell(<CopyButton />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Value copied to clipboard')).toBeInTheDocument();
  });
});

function LoadingProbe() {
  const loading = useGlobalLoading();
  const end = useRef<(() => void) | null>(null);
  const mutation = useMutation({
    mutationFn: () => new Promise((resolve) => setTimeout(resolve, 600)),
  });
  return (
    <>
      <Button onClick={() => (end.current = loading.begin())}>Begin</Button>
      <Button onClick={() => end.current?.()}>End</Button>
      <Button onClick={() => void loading.track(new Promise((r) => setTimeout(r, 50)))}>
        Quick
      </Button>
      <Button onClick={() => mutation.mutate()}>Save</Button>
    </>
  );
}

const overlay = { name: 'Loading, please wait' };

describe('global loading overlay', () => {
  it('appears only for work that takes longer than a moment', async () => {
    const { user } = renderInShell(<LoadingProbe />);
    await user.click(screen.getByRole('button', { name: 'Begin' }));
    expect(screen.queryByRole('progressbar', overlay)).toBeNull();
    expect(await screen.findByRole('progressbar', overlay)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'End' }));
    // Gone from the page, not just hidden: a hidden spinner keeps animating and restyling it.
    await waitFor(() => expect(screen.queryByLabelText(overlay.name)).toBeNull());
  });

  it('covers a running mutation', async () => {
    const { user } = renderInShell(<LoadingProbe />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('progressbar', overlay)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('progressbar', overlay)).toBeNull());
  });

  it('never shows for quick work', async () => {
    const { user } = renderInShell(<LoadingProbe />);
    await user.click(screen.getByRole('button', { name: 'Quick' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByRole('progressbar', overlay)).toBeNull();
  });
});

function MenuHost({ onRename }: { onRename: () => void }) {
  const menu = useContextMenu();
  return (
    <>
      <Button onContextMenu={menu.onContextMenu} onClick={(e) => menu.openAt(e.currentTarget)}>
        Story row
      </Button>
      <ContextMenu
        anchor={menu.anchor}
        onClose={menu.close}
        items={[
          { title: 'Rename', action: onRename },
          { title: 'Delete', action: () => {}, disabled: true },
        ]}
      />
    </>
  );
}

describe('context menu', () => {
  it('opens at the pointer on right click and runs the chosen action', async () => {
    const onRename = vi.fn();
    const { user } = renderInShell(<MenuHost onRename={onRename} />);
    await user.pointer({
      keys: '[MouseRight]',
      target: screen.getByRole('button', { name: 'Story row' }),
    });
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('works from the keyboard', async () => {
    const onRename = vi.fn();
    const { user } = renderInShell(<MenuHost onRename={onRename} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Story row' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    expect(onRename).toHaveBeenCalledTimes(1);
  });
});
