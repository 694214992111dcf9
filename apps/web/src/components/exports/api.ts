// Export reports: the report itself for the preview (format=json, in the interface language) and its files (PDF, .xlsx) downloaded with progress, large ones after the server's background render.
import { queryOptions } from '@tanstack/react-query';
import {
  exportJobSchema,
  reportSchema,
  type ExportJob,
  type Locale,
  type ReportFormat,
} from '@costory/shared';
import { ApiError, apiClient, type DownloadedFile, type DownloadProgress } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** An export's API address without its format, e.g. `/stories/12/exports/roles`. */
export type ReportPath = string;

/** A story's summary reports: the four summaries, and `story` the overall one. */
export type StoryReportKind = 'roles' | 'phases' | 'ctl' | 'ict' | 'story';

export const reportPaths = {
  story: (storyId: number, kind: StoryReportKind): ReportPath =>
    `/stories/${storyId}/exports/${kind}`,
  lineup: (storyId: number, lineupId: number): ReportPath =>
    `/stories/${storyId}/lineups/${lineupId}/export`,
  catalog: (catalogId: number): ReportPath => `/catalogs/${catalogId}/export`,
  /** Its two sides go in `ReportDownloads`' query (`from`, `to`). */
  versionComparison: (storyId: number): ReportPath => `/stories/${storyId}/versions/compare/export`,
  /** A frozen version's summary, made from what it froze and marked with its name. */
  versionStory: (storyId: number, versionId: number, kind: StoryReportKind): ReportPath =>
    `/stories/${storyId}/versions/${versionId}/exports/${kind}`,
  /** One of a frozen version's lineups as a quote, priced as the version froze it. */
  versionLineup: (storyId: number, versionId: number, lineupId: number): ReportPath =>
    `/stories/${storyId}/versions/${versionId}/lineups/${lineupId}/export`,
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
        // The key's language, not whatever the document says at the moment the fetch starts.
        headers: { 'Accept-Language': locale },
        schema: reportSchema,
        signal,
      }),
    // A report is a snapshot: shown as fetched until the page is opened again.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** How often a large export's render is asked about while it runs. */
const EXPORT_POLL_MS = 1000;
/** Longer than the server ever takes (it answers a job failed after 15 minutes): then give up. */
const EXPORT_WAIT_MS = 20 * 60_000;

/** What a download is doing: the server's render of a large file (percent), then the bytes. */
export interface ReportDownloadListeners {
  onRendering: (percent: number) => void;
  onProgress: (progress: DownloadProgress) => void;
}

/** A render that ended without a file; the toast then says the export could not be created. */
class ExportJobFailedError extends Error {
  constructor(job: ExportJob) {
    super(`The export ${job.id} failed`);
    this.name = 'ExportJobFailedError';
  }
}

/** Resolves after `ms`, or rejects when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  const aborted = () => new DOMException('The download was left', 'AbortError');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(aborted());
      },
      { once: true },
    );
  });
}

/** A failed poll worth repeating: the server busy or restarting, or the network away a moment. */
function isPassing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 503 || error.status === 0);
}

/** Follows a large export's job until its file is ready, then downloads the file. */
async function fileOfJob(
  accepted: ExportJob,
  listeners: ReportDownloadListeners,
  signal: AbortSignal | undefined,
): Promise<DownloadedFile> {
  const deadline = Date.now() + EXPORT_WAIT_MS;
  let job = accepted;
  for (;;) {
    listeners.onRendering(job.progress);
    if (job.status === 'done') break;
    if (job.status === 'failed' || Date.now() > deadline) throw new ExportJobFailedError(job);
    await pause(EXPORT_POLL_MS, signal);
    try {
      job = await apiClient.get(`/export-jobs/${job.id}`, { schema: exportJobSchema, signal });
    } catch (error) {
      if (!isPassing(error) || signal?.aborted) throw error;
    }
  }
  return apiClient.download(`/export-jobs/${job.id}/file`, {
    onProgress: listeners.onProgress,
    signal,
  });
}

/**
 * Downloads the file and hands it to the browser under the server's file name. A large one the
 * server renders in the background (202 and a job): its progress is followed until it is ready.
 */
export async function downloadReport(
  path: ReportPath,
  format: ReportFormat,
  listeners: ReportDownloadListeners,
  /** Stops following a large export's render (the page was left). */
  signal?: AbortSignal,
  /** What the report is of, beside the path (a comparison's two sides). */
  query: Readonly<Record<string, string>> = {},
): Promise<string> {
  let file = await apiClient.download(path, {
    query: { ...query, format, timeZone: timeZone() },
    onProgress: listeners.onProgress,
  });
  if (file.status === 202) {
    const job = exportJobSchema.parse(JSON.parse(await file.blob.text()));
    file = await fileOfJob(job, listeners, signal);
  }
  const name = file.fileName ?? `export.${format}`;
  saveFile(file.blob, name);
  return name;
}
