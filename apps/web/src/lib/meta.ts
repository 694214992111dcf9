// GET /api/v1/meta: facts about the installation (demo sign-in, where to sign in), asked once per page load.
import { queryOptions } from '@tanstack/react-query';
import { metaSchema, type Meta } from '@costory/shared/meta';
import { apiClient } from './api-client';

let pending: Promise<Meta> | null = null;

/** The installation's meta data; a failed call is forgotten, so the next caller asks again. */
export function loadMeta(): Promise<Meta> {
  pending ??= apiClient.get('/meta', { schema: metaSchema }).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Forgets the answer (tests start every scenario with a fresh installation). */
export function forgetMeta(): void {
  pending = null;
}

export function getMetaQueryOptions() {
  return queryOptions({
    queryKey: ['meta'],
    queryFn: loadMeta,
    staleTime: Infinity,
    // Pages read it for small hints (demo account, development mailbox): never worth an overlay.
    meta: { globalLoading: false },
  });
}
