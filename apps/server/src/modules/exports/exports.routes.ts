// Export endpoints: a story's summaries, a lineup's quote and a catalog as PDF, .xlsx or the report itself (JSON, for the preview), in the caller's language.
import { reportFormatSchema, reportSchema, type Report, type ReportFormat } from '@costory/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceUnavailableError, type LocalizedText } from '../../errors';
import { idParam } from '../../lib/params';
import { requireUser } from '../../plugins/authentication';
import { localeFromAcceptLanguage } from '../../plugins/errors/request-locale';
import { EXPORT_CONTENT_TYPES } from '../../plugins/export-renderer';
import {
  catalogReport,
  lineupReport,
  quoteReport,
  storyReport,
  type ReportRequest,
} from './exports.service';
import { RenderQueueFullError } from './render/render-pool';
import { STORY_REPORT_KINDS } from './story-reports';
import { knownTimeZone, localIsoString } from './time-zone';

const EXPORTS_BUSY: LocalizedText = {
  en: 'Many exports are being prepared right now. Try again in a minute.',
  cs: 'Právě se připravuje mnoho exportů. Zkuste to znovu za minutu.',
};

const formatQuery = z.object({
  /** `json` answers the report itself, which the web's preview shows. */
  format: z.union([reportFormatSchema, z.literal('json')]).default('pdf'),
  /** The user's IANA time zone (the browser's), for the report's date; Europe/Prague otherwise. */
  timeZone: z.string().max(64).optional(),
});

const fileAnswer = {
  200: reportSchema.describe(
    'The report (format=json); a PDF (application/pdf) or a spreadsheet (.xlsx) otherwise',
  ),
};

/** `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf` (the name is ASCII already). */
function contentDisposition(report: Report, format: ReportFormat): string {
  const name = `${report.fileName}.${format}`;
  return `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const exportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const tags = ['exports'];

  function reportRequest(request: FastifyRequest, timeZone: string | undefined): ReportRequest {
    return {
      db: app.db,
      user: requireUser(request),
      locale: localeFromAcceptLanguage(request.headers['accept-language']),
      generatedAt: localIsoString(new Date(), knownTimeZone(timeZone)),
    };
  }

  /**
   * The report as asked: JSON as it is; a file rendered in a worker thread (other requests keep
   * being answered meanwhile) with its length, so the browser can show the download's progress.
   */
  async function answer(reply: FastifyReply, report: Report, format: ReportFormat | 'json') {
    if (format === 'json') return reply.send(report);
    const bytes = await app.exportRenderer.render(report, format).catch((error: unknown) => {
      if (error instanceof RenderQueueFullError) {
        reply.header('retry-after', '30');
        throw new ServiceUnavailableError({ detail: EXPORTS_BUSY });
      }
      throw error;
    });
    return reply
      .type(EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', contentDisposition(report, format))
      .header('cache-control', 'no-store')
      .send(bytes);
  }

  app.get(
    '/stories/:storyId/exports/:kind',
    {
      schema: {
        tags,
        summary:
          'A story summary (roles, phases, ctl, ict, or the overall story) with the catalog’s prices, in the caller’s language; formula errors listed (any member)',
        params: z.object({ storyId: idParam, kind: z.enum(STORY_REPORT_KINDS) }),
        querystring: formatQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await storyReport(
          reportRequest(request, request.query.timeZone),
          request.params.storyId,
          request.params.kind,
        ),
        request.query.format,
      ),
  );

  app.get(
    '/stories/:storyId/lineups/:lineupId/export',
    {
      schema: {
        tags,
        summary:
          'The lineup as a quote for its customer from its supplier (ICT_ADMIN, ICT_MODELER, ICT_VERIFIER, ICT_CUSTOMER)',
        params: z.object({ storyId: idParam, lineupId: idParam }),
        querystring: formatQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await lineupReport(
          reportRequest(request, request.query.timeZone),
          request.params.storyId,
          request.params.lineupId,
        ),
        request.query.format,
      ),
  );

  app.get(
    '/stories/:storyId/lineups/:lineupId/quotes/:quoteId/export',
    {
      schema: {
        tags,
        summary:
          'An issued quote for the customer: number, issue and validity dates, parties with IČO/DIČ, final prices, VAT and totals, terms, the issuer’s logo; no price sources or formula errors (ICT_ADMIN, ICT_MODELER, ICT_VERIFIER, ICT_CUSTOMER)',
        params: z.object({ storyId: idParam, lineupId: idParam, quoteId: idParam }),
        querystring: formatQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await quoteReport(
          reportRequest(request, request.query.timeZone),
          request.params.storyId,
          request.params.lineupId,
          request.params.quoteId,
        ),
        request.query.format,
      ),
  );

  app.get(
    '/catalogs/:catalogId/export',
    {
      schema: {
        tags,
        summary:
          'The catalog’s roles with prices and its items with their roles (readers of the catalog; COMPLETE items only for readers)',
        params: z.object({ catalogId: idParam }),
        querystring: formatQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await catalogReport(
          reportRequest(request, request.query.timeZone),
          request.params.catalogId,
        ),
        request.query.format,
      ),
  );
  done();
};
