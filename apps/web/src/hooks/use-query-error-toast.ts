// Shows the spec's load-failure toast once per failed load (not once per retry or per re-render).
import { useEffect, useEffectEvent } from 'react';
import { useToast } from '@/components/feedback/toast';

export function useQueryErrorToast(
  query: { isError: boolean; errorUpdatedAt: number },
  text: string,
): void {
  const toast = useToast();
  const { isError, errorUpdatedAt } = query;
  // The text is read when the failure happens; a later change of language does not toast again.
  const showError = useEffectEvent(() => toast.error(text));
  useEffect(() => {
    if (isError) showError();
  }, [isError, errorUpdatedAt]);
}
