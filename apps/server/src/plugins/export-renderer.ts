// Makes the export renderers (worker threads that build reports and render PDF and .xlsx) reachable from every route: `app.exportRenderer` for files answered in the request, `app.previewRenderer` for the reports the web previews, `app.backgroundRenderer` for export jobs; stops their workers with the app.
import type { ReportFormat } from '@costory/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ExportRenderer } from '../modules/exports/render/render-pool';

declare module 'fastify' {
  interface FastifyInstance {
    exportRenderer: ExportRenderer;
    /**
     * Builds the reports the web previews (format json), on a thread of its own: a preview takes
     * moments and must not wait behind a file that takes a minute to lay out.
     */
    previewRenderer: ExportRenderer;
    /**
     * Renders export jobs, one at a time on a thread of its own: a job never waits behind the
     * requests' renders (its time limit then holds within the job's expiry), and a small export
     * never waits behind a large one.
     */
    backgroundRenderer: ExportRenderer;
  }
}

/** Content-Type of each export format. */
export const EXPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportRendererPluginOptions {
  /** Files rendered at once, one worker thread each (default 1). */
  concurrency?: number;
}

// The workers start on the first export, so an app that never exports pays nothing; onClose
// terminates them, so app.close() (tests, graceful shutdown) leaves no thread behind.
function exportRendererPlugin(
  app: FastifyInstance,
  options: ExportRendererPluginOptions,
  done: () => void,
): void {
  const renderer = new ExportRenderer({ concurrency: options.concurrency });
  const previewRenderer = new ExportRenderer({ concurrency: 1 });
  const backgroundRenderer = new ExportRenderer({ concurrency: 1, maxQueued: 1 });
  app.decorate('exportRenderer', renderer);
  app.decorate('previewRenderer', previewRenderer);
  app.decorate('backgroundRenderer', backgroundRenderer);
  app.addHook('onClose', () =>
    Promise.all([renderer.close(), previewRenderer.close(), backgroundRenderer.close()]),
  );
  done();
}

export default fp(exportRendererPlugin, { name: 'costory-export-renderer' });
