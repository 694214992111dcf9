// Makes the export renderer (PDF and .xlsx in worker threads) reachable from every route as `app.exportRenderer`, and stops its workers with the app.
import type { ReportFormat } from '@costory/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ExportRenderer } from '../modules/exports/render/render-pool';

declare module 'fastify' {
  interface FastifyInstance {
    exportRenderer: ExportRenderer;
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
  app.decorate('exportRenderer', renderer);
  app.addHook('onClose', () => renderer.close());
  done();
}

export default fp(exportRendererPlugin, { name: 'costory-export-renderer' });
