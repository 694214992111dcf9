// A supplier's price sheet (issue 20 item 2): GET /partner-companies/:id/prices/sheet (the prices as .xlsx or CSV, also the import's template) and POST /partner-companies/:id/prices/imports (the dry run, or writing all the prices with apply=true).
import { useQueryClient } from '@tanstack/react-query';
import { supplierPriceImportReportSchema, type SupplierPriceImportReport } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { sendWithProgress, type UploadProgress } from '@/lib/upload-with-progress';
import { partnerKeys } from './query-keys';

export type PriceSheetFormat = 'xlsx' | 'csv';

/**
 * Downloads the supplier's prices (the import's template) with the client's headers and hands them
 * to the browser under the server's file name; resolves with that name.
 */
export async function downloadSupplierPrices(
  companyId: number,
  format: PriceSheetFormat = 'xlsx',
): Promise<string> {
  const file = await apiClient.download(`/partner-companies/${companyId}/prices/sheet`, {
    query: { format },
  });
  const name = file.fileName ?? `supplier-${companyId}-prices.${format}`;
  saveFile(file.blob, name);
  return name;
}

/**
 * Sends the file as it is (the server tells a workbook from a CSV by its content and name) and
 * resolves with the report: a dry run unless `apply`, which writes all the prices or none.
 */
export function importSupplierPrices(
  companyId: number,
  file: File,
  apply: boolean,
  onProgress: (progress: UploadProgress) => void,
): Promise<SupplierPriceImportReport> {
  return apiClient.request(`/partner-companies/${companyId}/prices/imports`, {
    method: 'POST',
    body: file,
    query: { apply, fileName: file.name },
    headers: { 'Content-Type': 'application/octet-stream' },
    schema: supplierPriceImportReportSchema,
    transport: (url, init) => sendWithProgress(url, init, onProgress),
  });
}

/** After an import: the price setup, the company's price count and the list's counts refetch. */
export function useInvalidateSupplierPrices() {
  const queryClient = useQueryClient();
  return (companyId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partnerKeys.prices(companyId) }),
      queryClient.invalidateQueries({ queryKey: partnerKeys.detail(companyId) }),
      queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
    ]);
}
