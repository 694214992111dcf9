// Partner companies (decision 0024): GET /partner-companies (kind, q, cursor), GET /partner-companies/:id, POST, PUT with version, DELETE.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  pageSchema,
  partnerCompanySchema,
  type PartnerCompany,
  type PartnerCompanyCreate,
  type PartnerCompanyUpdate,
  type PartnerKind,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { partnerKeys } from './query-keys';

/** How many companies one request asks for: a screenful, quick to answer. */
export const PARTNER_PAGE_SIZE = 50;

const partnerPageSchema = pageSchema(partnerCompanySchema);

export interface PartnerCompanyListParams {
  kind: PartnerKind;
  /** Searched in name, e-mail and city by the server; empty lists all. */
  q: string;
}

export function getPartnerCompanyListQueryOptions(params: PartnerCompanyListParams) {
  return infiniteQueryOptions({
    queryKey: partnerKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/partner-companies', {
        query: {
          kind: params.kind,
          q: params.q.trim() || undefined,
          cursor: pageParam,
          limit: PARTNER_PAGE_SIZE,
        },
        schema: partnerPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // The list shows its own progress bar; typing in the search box must not cover the page.
    meta: { globalLoading: false },
  });
}

export function getPartnerCompanyQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: partnerKeys.detail(companyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/partner-companies/${companyId}`, { schema: partnerCompanySchema, signal }),
  });
}

export function useCreatePartnerCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerCompanyCreate): Promise<PartnerCompany> =>
      apiClient.post('/partner-companies', body, { schema: partnerCompanySchema }),
    onSuccess: async (company) => {
      queryClient.setQueryData(partnerKeys.detail(company.id), company);
      await queryClient.invalidateQueries({ queryKey: partnerKeys.lists() });
    },
  });
}

export function useUpdatePartnerCompany(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerCompanyUpdate): Promise<PartnerCompany> =>
      apiClient.put(`/partner-companies/${companyId}`, body, { schema: partnerCompanySchema }),
    onSuccess: async (company) => {
      queryClient.setQueryData(partnerKeys.detail(companyId), company);
      await queryClient.invalidateQueries({ queryKey: partnerKeys.lists() });
    },
  });
}

/**
 * Deletes a company. Its cached detail is left for the caller to drop: the detail page is still
 * on screen when the answer comes, and a dropped query would refetch there and show a 404.
 */
export function useDeletePartnerCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: number) => apiClient.delete(`/partner-companies/${companyId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
  });
}
