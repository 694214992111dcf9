// The toasts asked for before their drawing code has loaded, kept in order and handed over once it has.
export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastRequest {
  readonly variant: ToastVariant;
  readonly text: string;
}

export interface ToastStore {
  show(toast: ToastRequest): void;
  /** The viewport takes every waiting toast, then each new one, until it disconnects. */
  connect(show: (toast: ToastRequest) => void): () => void;
}

export function createToastStore(): ToastStore {
  const waiting: ToastRequest[] = [];
  let viewport: ((toast: ToastRequest) => void) | undefined;
  return {
    show(toast) {
      if (viewport) viewport(toast);
      else waiting.push(toast);
    },
    connect(show) {
      viewport = show;
      for (const toast of waiting.splice(0)) show(toast);
      return () => {
        if (viewport === show) viewport = undefined;
      };
    },
  };
}
