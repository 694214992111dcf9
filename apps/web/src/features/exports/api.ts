// Export reports: the report itself for the preview (format=json, in the interface language) and its files (PDF, .xlsx) downloaded with progress.
import { queryOptions } from '@tanstack/react-query';
import { reportSchema, type Locale, type ReportFormat } from '@costory/shared';
import { apiClient, type DownloadProgress } from '../../lib/api-client';

/** An export's API address without its format, e.g. `/stories/12/exports/roles`. */
export type ReportPath = string;

export const reportPaths = {
  story: (storyId: number, kind: 'roles' | 'phases' | 'ctl' | 'ict' | 'story'): ReportPath =>
    `/stories/${storyId}/exports/${kind}`,
  lineup: (storyId: number, lineupId: number): ReportPath =>
    `/stories/${storyId}/lineups/${lineupId}/export`,
  catalog: (catalogId: number): ReportPath => `/catalogs/${catalogId}/export`,
  quote: (storyId: number, lineupId: number, quoteId: number): ReportPath =>
    `/stories/${storyId}/lineups/${lineupId}/quotes/${quoteId}/export`,
};

/** The browser's time zone: the report's date is the user's. */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The report in `locale` (the server words it in the Accept-Language the client sends). */
export function getReportQueryOptions(path: ReportPath, locale: Locale) {
  return queryOptions({
    queryKey: ['report', path, locale],
    queryFn: ({ signal }) =>
      apiClient.get(path, {
        query: { format: 'json', timeZone: timeZone() },
        schema: reportSchema,
        signal,
      }),
    // A report is a snapshot: shown as fetched until the page is opened again.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Downloads the file and hands it to the browser under the server's file name. */
export async function downloadReport(
  path: ReportPath,
  format: ReportFormat,
  onProgress: (progress: DownloadProgress) => void,
): Promise<string> {
  const file = await apiClient.download(path, {
    query: { format, timeZone: timeZone() },
    onProgress,
  });
  const name = file.fileName ?? `export.${format}`;
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over; revoking at once may cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
