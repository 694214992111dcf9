// The text of a failed instance write: what failed, and why when the item may be used only once in a story.
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';

export function useInstanceFailure(): (failed: string, error: unknown) => string {
  const problemMessage = useProblemMessage();
  return useCallback(
    (failed: string, error: unknown) =>
      error instanceof ApiError && error.code === 'INSTANCE_NOT_REPEATABLE'
        ? `${failed} ${problemMessage('INSTANCE_NOT_REPEATABLE')}`
        : failed,
    [problemMessage],
  );
}
