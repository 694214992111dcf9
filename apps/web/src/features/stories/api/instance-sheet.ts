// A story's instance sheet (issue 20): GET /stories/:id/instances/sheet (the template: the story's instances as .xlsx or CSV) and POST /stories/:id/instances/imports (the dry run, or adding the rows with apply=true).
import { instanceImportReportSchema, type InstanceImportReport } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { sendWithProgress, type UploadProgress } from '@/lib/upload-with-progress';

export type InstanceSheetFormat = 'xlsx' | 'csv';

/**
 * Downloads the story's instances with the client's headers and hands them to the browser under
 * the server's file name; resolves with that name.
 */
export async function downloadInstanceSheet(
  storyId: number,
  format: InstanceSheetFormat,
): Promise<string> {
  const file = await apiClient.download(`/stories/${storyId}/instances/sheet`, {
    query: { format },
  });
  const name = file.fileName ?? `story-${storyId}-instances.${format}`;
  saveFile(file.blob, name);
  return name;
}

/**
 * Sends the file as it is (the server tells a workbook from a CSV by its content and name) and
 * resolves with the report: a dry run unless `apply`, which adds all the rows or none.
 */
export function importInstances(
  storyId: number,
  file: File,
  apply: boolean,
  onProgress: (progress: UploadProgress) => void,
): Promise<InstanceImportReport> {
  return apiClient.request(`/stories/${storyId}/instances/imports`, {
    method: 'POST',
    body: file,
    query: { apply, fileName: file.name },
    headers: { 'Content-Type': 'application/octet-stream' },
    schema: instanceImportReportSchema,
    transport: (url, init) => sendWithProgress(url, init, onProgress),
  });
}
