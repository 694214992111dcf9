// A supplier's price setup (decision 0024): GET and PUT /partner-companies/:id/prices, POST /partner-companies/:id/prices/adjustment (the price sheet's download and import are in price-sheet.ts).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  priceAdjustmentResultSchema,
  supplierPriceCatalogSchema,
  supplierPricesSchema,
  type PriceAdjustment,
  type PriceAdjustmentResult,
  type SupplierPrices,
  type SupplierPricesUpdate,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { partnerKeys } from './query-keys';

export type SupplierPriceCatalog = SupplierPrices['catalogs'][number];

export function getSupplierPricesQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: partnerKeys.prices(companyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/partner-companies/${companyId}/prices`, {
        schema: supplierPricesSchema,
        signal,
      }),
  });
}

/** Saves one catalog's changed prices; the answer (that catalog's block) replaces it in the cache. */
export function useSaveSupplierPrices(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupplierPricesUpdate): Promise<SupplierPriceCatalog> =>
      apiClient.put(`/partner-companies/${companyId}/prices`, body, {
        schema: supplierPriceCatalogSchema,
      }),
    onSuccess: async (block) => {
      queryClient.setQueryData<SupplierPrices>(partnerKeys.prices(companyId), (previous) =>
        previous
          ? {
              catalogs: previous.catalogs.map((catalog) =>
                catalog.catalogId === block.catalogId ? block : catalog,
              ),
            }
          : previous,
      );
      // The company's price count is shown in the list and on the detail page.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerKeys.detail(companyId) }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
      ]);
    },
  });
}

/** The bulk change by percentage: `apply` false answers the preview and saves nothing. */
export function useAdjustSupplierPrices(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceAdjustment): Promise<PriceAdjustmentResult> =>
      apiClient.post(`/partner-companies/${companyId}/prices/adjustment`, body, {
        schema: priceAdjustmentResultSchema,
      }),
    onSuccess: async (result) => {
      if (!result.applied) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerKeys.prices(companyId) }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
      ]);
    },
  });
}
