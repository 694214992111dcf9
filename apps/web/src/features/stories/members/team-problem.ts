// The words for a failed member or invite change: the last-admin refusal, the generic reason, or the action's own text.
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';

// Statuses whose generic problem text tells the admin more than "could not be changed" does.
const EXPLAINED_STATUSES: ReadonlySet<number> = new Set([403, 404, 429]);

export function useTeamProblemText(): (error: unknown, fallback: string) => string {
  const problemMessage = useProblemMessage();
  return useCallback(
    (error, fallback) => {
      if (!(error instanceof ApiError)) return fallback;
      // The only 409 of member writes (decision 0022): the last ICT_ADMIN cannot be removed or
      // demoted. Matched by status too, so a server and client of different builds (an unknown
      // code parses as CONFLICT) still give the right reason.
      if (error.status === 409) return problemMessage('LAST_STORY_ADMIN');
      if (EXPLAINED_STATUSES.has(error.status)) return problemMessage(error.code);
      return fallback;
    },
    [problemMessage],
  );
}
