// The catalog workbook (issue 20): GET /catalogs/:id/workbook (the .xlsx, or one sheet as CSV) and POST /catalogs/:id/imports (the dry run, or the import with apply=true).
import {
  catalogImportReportSchema,
  type CatalogImportReport,
  type WorkbookSheet,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { sendWithProgress, type UploadProgress } from '@/lib/upload-with-progress';

export type WorkbookDownload = { format: 'xlsx' } | { format: 'csv'; sheet: WorkbookSheet };

/**
 * Downloads the workbook (or one sheet as CSV) with the client's headers and hands it to the
 * browser under the server's file name; resolves with that name.
 */
export async function downloadWorkbook(
  catalogId: number,
  download: WorkbookDownload,
): Promise<string> {
  const file = await apiClient.download(`/catalogs/${catalogId}/workbook`, {
    query:
      download.format === 'csv' ? { format: 'csv', sheet: download.sheet } : { format: 'xlsx' },
  });
  const name =
    file.fileName ??
    (download.format === 'csv'
      ? `catalog-${catalogId}-${download.sheet}.csv`
      : `catalog-${catalogId}.xlsx`);
  saveFile(file.blob, name);
  return name;
}

/**
 * Sends the file as it is (the server tells a workbook from a CSV by its content and name) and
 * resolves with the report: a dry run unless `apply`, which writes only a file without problems.
 */
export function importWorkbook(
  catalogId: number,
  file: File,
  apply: boolean,
  onProgress: (progress: UploadProgress) => void,
): Promise<CatalogImportReport> {
  return apiClient.request(`/catalogs/${catalogId}/imports`, {
    method: 'POST',
    body: file,
    query: { apply, fileName: file.name },
    headers: { 'Content-Type': 'application/octet-stream' },
    schema: catalogImportReportSchema,
    transport: (url, init) => sendWithProgress(url, init, onProgress),
  });
}
