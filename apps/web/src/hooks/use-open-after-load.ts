// Opens a form whose code loads on first use once that code is here; a failed download is said, and the next try loads again.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/feedback/toast';
import type { LazyComponent } from '@/lib/lazy-component';

export function useOpenAfterLoad<P extends object, V>(
  component: LazyComponent<P>,
  open: (value: V) => void,
): (value: V) => void {
  const toast = useToast();
  const { t } = useTranslation('errors');
  const { preload } = component;
  return useCallback(
    (value: V) => {
      preload().then(
        () => open(value),
        () => toast.error(t('load.form')),
      );
    },
    [preload, open, toast, t],
  );
}
