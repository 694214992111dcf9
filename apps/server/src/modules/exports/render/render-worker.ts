// Worker thread entry (dist/render-worker.js in the bundle): makes the exports ExportRenderer posts, one at a time (builds the report, then renders it, or says why not), and posts back the outcome or the error.
import { parentPort } from 'node:worker_threads';
import {
  PDF_MAX_ROWS,
  reportRowCount,
  reportSchema,
  type Report,
  type ReportFormat,
} from '@costory/shared';
import { reportOf, type ReportSource } from '../report-source';
import { renderPdfOnThisThread } from './render-pdf';
import { renderXlsxOnThisThread } from './render-xlsx';

/** An export as the request (or an export job) asks for it. */
export interface ExportTask {
  source: ReportSource;
  /** `json`: the report itself, serialized here so that the request thread only sends a string. */
  format: ReportFormat | 'json';
  /**
   * A report of this many rows or more is not rendered now but answered as a `job`, to be rendered
   * in the background; null renders every report (an export job itself).
   */
  jobRows: number | null;
}

export interface RenderJob extends ExportTask {
  id: number;
}

/**
 * What came of an export, decided where the report was built, so that the request thread never
 * holds (or serializes) a large report: the file; the report as JSON (format json); a PDF refused
 * for its row count; or the report as JSON to store as an export job.
 */
export type ExportOutcome<Bytes = Buffer> =
  | { kind: 'file'; format: ReportFormat; fileName: string; bytes: Bytes }
  | { kind: 'json'; json: string }
  | { kind: 'too-large-for-pdf'; rows: number }
  | { kind: 'job'; format: ReportFormat; fileName: string; json: string };

/** Errors cross the thread boundary by structured clone, which keeps their message and stack (a Buffer arrives as a Uint8Array). */
export type RenderJobResult =
  | { id: number; ok: true; outcome: ExportOutcome<Uint8Array> }
  | { id: number; ok: false; error: Error };

/** How far a render is, in whole percent; posted only when the percent changes. */
export interface RenderJobProgress {
  id: number;
  percent: number;
}

export type RenderWorkerMessage = RenderJobResult | RenderJobProgress;

const renderers: Record<
  ReportFormat,
  (report: Report, onProgress: (fraction: number) => void) => Promise<Buffer>
> = {
  pdf: renderPdfOnThisThread,
  xlsx: renderXlsxOnThisThread,
};

if (!parentPort) {
  throw new Error('render-worker runs only as a worker thread (see ExportRenderer)');
}
const port = parentPort;

async function outcomeOf(
  task: ExportTask,
  onProgress: (fraction: number) => void,
): Promise<ExportOutcome<Uint8Array>> {
  const report = reportOf(task.source);
  // The answer goes out as this text, past the route's response schema: it is checked (and
  // anything the schema does not name is dropped) here instead.
  if (task.format === 'json') {
    return { kind: 'json', json: JSON.stringify(reportSchema.parse(report)) };
  }
  const { format } = task;
  const rows = reportRowCount(report);
  // Refused at once rather than after minutes of layout that would end in a timeout.
  if (format === 'pdf' && rows > PDF_MAX_ROWS) return { kind: 'too-large-for-pdf', rows };
  const fileName = `${report.fileName}.${format}`;
  if (task.jobRows !== null && rows >= task.jobRows) {
    return { kind: 'job', format, fileName, json: JSON.stringify(report) };
  }
  return { kind: 'file', format, fileName, bytes: await renderers[format](report, onProgress) };
}

async function run(job: RenderJob): Promise<RenderJobResult> {
  let posted = 0;
  const onProgress = (fraction: number) => {
    const percent = Math.min(99, Math.floor(fraction * 100));
    if (percent <= posted) return;
    posted = percent;
    port.postMessage({ id: job.id, percent } satisfies RenderJobProgress);
  };
  try {
    return { id: job.id, ok: true, outcome: await outcomeOf(job, onProgress) };
  } catch (error) {
    return {
      id: job.id,
      ok: false,
      error: error instanceof Error ? error : new Error(String(error)),
    };
  }
}

port.on('message', (job: RenderJob) => {
  void run(job).then((result) => port.postMessage(result));
});
