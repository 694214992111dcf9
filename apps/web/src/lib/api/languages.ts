// GET /api/v1/languages: the languages a catalog may support, each named in the interface languages.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { CATALOG_LANGUAGES, languageCodeSchema, type LanguageOption } from '@costory/shared';
import { apiClient } from '../api-client';
import { listSchema } from './list-schema';

// The shared contract names the shape (LanguageOption) but has no schema for it; this checks it.
const languageOptionSchema = z.object({
  code: languageCodeSchema,
  names: z.object({ en: z.string(), cs: z.string() }),
}) satisfies z.ZodType<LanguageOption>;

/** The key of the language list (catalogKeys.languages in the catalogue feature is the same key). */
export const languagesQueryKey = () => ['languages'] as const;

export function getLanguagesQueryOptions() {
  return queryOptions({
    queryKey: languagesQueryKey(),
    queryFn: ({ signal }): Promise<LanguageOption[]> =>
      apiClient.get('/languages', { schema: listSchema(languageOptionSchema), signal }),
    staleTime: Infinity,
    // Until it answers (or if it cannot), forms use the same list from the shared contract.
    placeholderData: [...CATALOG_LANGUAGES],
    retry: false,
    meta: { globalLoading: false },
  });
}
