// Worker thread entry (dist/render-worker.js in the bundle): renders the reports ExportRenderer posts, one at a time, and posts back the bytes or the error.
import { parentPort } from 'node:worker_threads';
import type { Report, ReportFormat } from '@costory/shared';
import { renderPdfOnThisThread } from './render-pdf';
import { renderXlsxOnThisThread } from './render-xlsx';

export interface RenderJob {
  id: number;
  format: ReportFormat;
  report: Report;
}

/** Errors cross the thread boundary by structured clone, which keeps their message and stack. */
export type RenderJobResult =
  { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: Error };

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

async function run(job: RenderJob): Promise<RenderJobResult> {
  let posted = 0;
  const onProgress = (fraction: number) => {
    const percent = Math.min(99, Math.floor(fraction * 100));
    if (percent <= posted) return;
    posted = percent;
    port.postMessage({ id: job.id, percent } satisfies RenderJobProgress);
  };
  try {
    return { id: job.id, ok: true, bytes: await renderers[job.format](job.report, onProgress) };
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
