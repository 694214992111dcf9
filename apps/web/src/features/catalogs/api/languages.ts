// GET /api/v1/languages: the languages a catalog may support, each named in the interface languages.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { CATALOG_LANGUAGES, languageCodeSchema, type LanguageOption } from '@costory/shared';
import { apiClient } from '../../../lib/api-client';
import { listSchema } from './list-schema';
import { catalogKeys } from './query-keys';

// The shared contract names the shape (LanguageOption) but has no schema for it; this checks it.
const languageOptionSchema = z.object({
  code: languageCodeSchema,
  names: z.object({ en: z.string(), cs: z.string() }),
}) satisfies z.ZodType<LanguageOption>;

export function getLanguagesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.languages(),
    queryFn: ({ signal }): Promise<LanguageOption[]> =>
      apiClient.get('/languages', { schema: listSchema(languageOptionSchema), signal }),
    staleTime: Infinity,
    // Until it answers (or if it cannot), forms use the same list from the shared contract.
    placeholderData: [...CATALOG_LANGUAGES],
    retry: false,
    meta: { globalLoading: false },
  });
}
