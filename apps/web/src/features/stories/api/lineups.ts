// Story lineups (decision 0025): GET …/lineups, GET …/lineups/:id (priced role by role), POST, PUT with version, DELETE, the story company's partners, and a lineup's quotes (decision 0032).
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  lineupPricingSchema,
  lineupSchema,
  pageSchema,
  partnerCompanySchema,
  quoteSchema,
  type LineupFields,
  type QuoteCreate,
  type LineupUpdate,
  type PartnerKind,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';
import { useInvalidateStory } from './story';

export function getLineupsQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.lineups(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/lineups`, { schema: z.array(lineupSchema), signal }),
  });
}

export function getLineupQueryOptions(storyId: number, lineupId: number) {
  return queryOptions({
    queryKey: storyKeys.lineup(storyId, lineupId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/lineups/${lineupId}`, {
        schema: lineupPricingSchema,
        signal,
      }),
  });
}

/** The story company's suppliers or subscribers for the lineup form: the first 200 by name, searched. */
export function getLineupPartnersQueryOptions(storyId: number, kind: PartnerKind, q: string) {
  return queryOptions({
    queryKey: storyKeys.lineupPartners(storyId, kind, q),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/lineup-partners`, {
        query: { kind, q: q.trim() || undefined, limit: 200 },
        schema: pageSchema(partnerCompanySchema),
        signal,
      }),
    staleTime: 30_000,
    meta: { globalLoading: false },
  });
}

/** A supplier's prices of the story's catalog roles (role id -> price), for the lineup form. */
export function getLineupSupplierPricesQueryOptions(storyId: number, partnerId: number) {
  return queryOptions({
    queryKey: [...storyKeys.lineupPartners(storyId, 'SUPPLIER', ''), 'prices', partnerId] as const,
    queryFn: async ({ signal }) =>
      new Map(
        (
          await apiClient.get(`/stories/${storyId}/lineup-partners/${partnerId}/prices`, {
            schema: z.array(z.object({ roleId: z.number(), price: z.string() })),
            signal,
          })
        ).map((entry) => [entry.roleId, entry.price]),
      ),
    staleTime: 30_000,
    meta: { globalLoading: false },
  });
}

export function useLineupMutations(storyId: number) {
  const invalidate = useInvalidateStory();
  const base = `/stories/${storyId}/lineups`;
  const onSuccess = () => invalidate(storyId);
  return {
    create: useMutation({
      mutationFn: (body: LineupFields) =>
        apiClient.post(base, body, { schema: lineupPricingSchema }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: LineupUpdate }) =>
        apiClient.put(`${base}/${id}`, body, { schema: lineupPricingSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiClient.delete(`${base}/${id}`),
      onSuccess,
    }),
  };
}

/** A lineup's issued quotes, oldest first. */
export function getLineupQuotesQueryOptions(storyId: number, lineupId: number) {
  return queryOptions({
    queryKey: [...storyKeys.lineup(storyId, lineupId), 'quotes'] as const,
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/lineups/${lineupId}/quotes`, {
        schema: z.array(quoteSchema),
        signal,
      }),
  });
}

/** Issues a quote; the issue date is today in the browser's time zone. */
export function useIssueQuote(storyId: number, lineupId: number) {
  const invalidate = useInvalidateStory();
  return useMutation({
    mutationFn: (body: QuoteCreate) =>
      apiClient.post(
        `/stories/${storyId}/lineups/${lineupId}/quotes`,
        { ...body, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        { schema: quoteSchema },
      ),
    onSuccess: () => invalidate(storyId),
  });
}
