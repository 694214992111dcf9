// Draws the toasts (spec section 8): notistack at the top right, 3000 ms, at most 3 at once, as themed alerts.
import { forwardRef, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import {
  SnackbarContent,
  SnackbarProvider,
  useSnackbar,
  type CustomContentProps,
  type VariantType,
} from 'notistack';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_VISIBLE } from '@costory/shared';
import type { ToastStore } from './toast-store';

type Severity = 'success' | 'error' | 'info';

function severityOf(variant: VariantType): Severity {
  return variant === 'success' || variant === 'error' ? variant : 'info';
}

const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { id, message, variant },
  ref,
) {
  const { closeSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const severity = severityOf(variant);
  return (
    <SnackbarContent ref={ref}>
      <Alert
        severity={severity}
        variant="filled"
        // Errors interrupt the screen reader; successes and notes wait politely.
        role={severity === 'error' ? 'alert' : 'status'}
        closeText={t('actions.close')}
        onClose={() => closeSnackbar(id)}
        sx={{ width: '100%', minWidth: 300, maxWidth: 480, boxShadow: 4, alignItems: 'center' }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

const COMPONENTS = {
  default: ToastContent,
  success: ToastContent,
  error: ToastContent,
  info: ToastContent,
  warning: ToastContent,
};

const CONTAINER_CLASS = 'costory-toasts';

function StoreConnection({ store }: { store: ToastStore }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () => store.connect(({ variant, text }) => void enqueueSnackbar(text, { variant })),
    [store, enqueueSnackbar],
  );
  return null;
}

export function ToastViewport({ store }: { store: ToastStore }) {
  return (
    <SnackbarProvider
      classes={{ containerAnchorOriginTopRight: CONTAINER_CLASS }}
      maxSnack={TOAST_MAX_VISIBLE}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={COMPONENTS}
    >
      {/* Below the header, so toasts never cover the account menu or the language switcher. */}
      <GlobalStyles
        styles={(theme) => ({
          [`.notistack-SnackbarContainer.${CONTAINER_CLASS}`]: {
            top: 64,
            [theme.breakpoints.up('sm')]: { top: 80 },
          },
        })}
      />
      <StoreConnection store={store} />
    </SnackbarProvider>
  );
}
