// Toasts asked for before their drawing code has loaded are shown, in order, once it has.
import { describe, expect, it } from 'vitest';
import { createToastStore, type ToastRequest } from './toast-store';

describe('toast store', () => {
  it('hands the waiting toasts over in order, then each new one, and keeps them while disconnected', () => {
    const store = createToastStore();
    store.show({ variant: 'error', text: 'Cannot load stories' });
    store.show({ variant: 'success', text: 'Saved' });
    const shown: ToastRequest[] = [];
    const disconnect = store.connect((toast) => shown.push(toast));
    expect(shown.map((toast) => toast.text)).toEqual(['Cannot load stories', 'Saved']);

    store.show({ variant: 'info', text: 'Copied' });
    expect(shown).toHaveLength(3);

    disconnect();
    store.show({ variant: 'info', text: 'Later' });
    expect(shown).toHaveLength(3);
    const next: ToastRequest[] = [];
    store.connect((toast) => next.push(toast));
    expect(next).toEqual([{ variant: 'info', text: 'Later' }]);
  });
});
