// Export endpoints: a story's summaries, a lineup's quote and a catalog as PDF, .xlsx or the report itself (JSON, for the preview), in the caller's language; large files as background jobs to poll.
import {
  exportJobSchema,
  PDF_MAX_ROWS,
  reportFormatSchema,
  reportSchema,
  versionComparisonQuerySchema,
  type ReportFormat,
} from '@costory/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  type LocalizedText,
} from '../../errors';
import { idParam } from '../../lib/params';
import { countTexts } from '../../lib/plural';
import { requireUser } from '../../plugins/authentication';
import { contentDisposition } from '../../lib/content-disposition';
import { localeFromAcceptLanguage } from '../../plugins/errors/request-locale';
import { EXPORT_CONTENT_TYPES } from '../../plugins/export-renderer';
import {
  catalogReport,
  lineupReport,
  quoteReport,
  storyReport,
  versionComparisonReport,
  versionLineupReport,
  versionStoryReport,
  type ReportRequest,
} from './exports.service';
import type { StoryModuleOptions } from '../stories/stories.module';
import { createExportJobs, TooManyPendingExportsError } from './export-jobs';
import { RenderQueueFullError } from './render/render-pool';
import type { ReportSource } from './report-source';
import { STORY_REPORT_KINDS } from './story-reports';
import { knownTimeZone, localIsoString } from './time-zone';

const EXPORTS_BUSY: LocalizedText = {
  en: 'Many exports are being prepared right now. Try again in a minute.',
  cs: 'Právě se připravuje mnoho exportů. Zkuste to znovu za minutu.',
};

const EXPORT_NOT_READY: LocalizedText = {
  en: 'The export is still being prepared.',
  cs: 'Export se ještě připravuje.',
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
  202: exportJobSchema.describe(
    'A large file renders in the background: poll the job at Location, then fetch its file',
  ),
};

/** Why a report is not offered as a PDF, with its row count in each language's format. */
function tooLargeForPdf(rows: number): LocalizedText {
  const max = (tag: string) => new Intl.NumberFormat(tag).format(PDF_MAX_ROWS);
  const report = countTexts(rows, {
    en: { one: 'The report has {count} row', other: 'The report has {count} rows' },
    cs: {
      one: 'Export má {count} řádek',
      few: 'Export má {count} řádky',
      many: 'Export má {count} řádku',
      other: 'Export má {count} řádků',
    },
  });
  return {
    en: `${report.en}, more than a PDF can hold (${max('en')}). Download the spreadsheet (.xlsx) instead.`,
    cs: `${report.cs}, víc, než unese PDF (${max('cs')}). Stáhněte si místo něj tabulku (.xlsx).`,
  };
}

export const exportRoutes: FastifyPluginCallbackZod<StoryModuleOptions> = (
  app,
  { calculations, versionReads },
  done,
) => {
  const tags = ['exports'];
  const exportJobs = createExportJobs({
    db: app.db,
    jobs: app.jobs,
    renderer: app.backgroundRenderer,
    logger: app.log,
  });

  function reportRequest(request: FastifyRequest, timeZone: string | undefined): ReportRequest {
    const zone = knownTimeZone(timeZone);
    return {
      db: app.db,
      user: requireUser(request),
      locale: localeFromAcceptLanguage(request.headers['accept-language']),
      generatedAt: localIsoString(new Date(), zone),
      timeZone: zone,
    };
  }

  /**
   * The report as asked, built from its source in a worker thread (other requests keep being
   * answered meanwhile), which also decides what comes of it: JSON as it is; a PDF of too many
   * rows refused; a large file as a background job (202, its address in Location); another file
   * with its length, so the browser can show the download's progress. This thread only moves
   * strings and bytes.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    source: ReportSource,
    format: ReportFormat | 'json',
  ) {
    /** Too many exports waiting (this process's renders, or this user's jobs): later, please. */
    const busy = (error: unknown): never => {
      if (error instanceof RenderQueueFullError || error instanceof TooManyPendingExportsError) {
        reply.header('retry-after', '30');
        throw new ServiceUnavailableError({ detail: EXPORTS_BUSY });
      }
      throw error;
    };
    const renderer = format === 'json' ? app.previewRenderer : app.exportRenderer;
    const outcome = await renderer
      .export({ source, format, jobRows: app.config.exportJobRows })
      .catch(busy);
    switch (outcome.kind) {
      case 'json':
        // A string with a JSON type is sent as it is: Fastify serializes (and the response
        // schema checks) only objects, and the worker built the report the schema describes.
        return reply.type('application/json; charset=utf-8').send(outcome.json);
      case 'too-large-for-pdf':
        throw new BadRequestError({ detail: tooLargeForPdf(outcome.rows) });
      case 'job': {
        const job = await exportJobs.start(requireUser(request).id, outcome).catch(busy);
        return reply.code(202).header('location', `/api/v1/export-jobs/${job.id}`).send(job);
      }
      case 'file':
        return sendFile(reply, outcome.bytes, outcome.fileName, outcome.format);
    }
  }

  function sendFile(reply: FastifyReply, bytes: Buffer, fileName: string, format: ReportFormat) {
    return reply
      .type(EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', contentDisposition(fileName))
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
        request,
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
    '/stories/:storyId/versions/compare/export',
    {
      schema: {
        tags,
        summary:
          'The comparison of two versions, or of a version and the live story, as GET …/versions/compare answers it: the totals, roles, phases and instances with both sides, the difference and the reasons (any member; without prices for a member without READ_MARGINS)',
        params: z.object({ storyId: idParam }),
        querystring: formatQuery.extend(versionComparisonQuerySchema.shape),
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await versionComparisonReport(
          reportRequest(request, request.query.timeZone),
          { calculations, versionReads },
          request.params.storyId,
          request.query,
        ),
        request.query.format,
      ),
  );

  app.get(
    '/stories/:storyId/versions/:versionId/exports/:kind',
    {
      schema: {
        tags,
        summary:
          'A story version’s summary (roles, phases, ctl, ict, or the overall story) as the live story’s, made from what the version froze and marked with its name and the day it was frozen (any member; without prices for a member without READ_MARGINS)',
        params: z.object({
          storyId: idParam,
          versionId: idParam,
          kind: z.enum(STORY_REPORT_KINDS),
        }),
        querystring: formatQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await versionStoryReport(
          reportRequest(request, request.query.timeZone),
          { calculations, versionReads },
          request.params,
          request.params.kind,
        ),
        request.query.format,
      ),
  );

  app.get(
    '/stories/:storyId/versions/:versionId/lineups/:lineupId/export',
    {
      schema: {
        tags,
        summary:
          'One of a version’s lineups as a quote, priced with the custom and supplier prices the version froze and marked with its name and date (ICT_ADMIN, ICT_MODELER, ICT_VERIFIER, ICT_CUSTOMER: the lineups shared with them then)',
        params: z.object({ storyId: idParam, versionId: idParam, lineupId: idParam }),
        querystring: formatQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await versionLineupReport(
          reportRequest(request, request.query.timeZone),
          { calculations, versionReads },
          request.params,
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
        request,
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
        request,
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
        request,
        reply,
        await catalogReport(
          reportRequest(request, request.query.timeZone),
          request.params.catalogId,
        ),
        request.query.format,
      ),
  );
  const exportJobParams = z.object({ exportId: z.string().max(64) });

  app.get(
    '/export-jobs/:exportId',
    {
      schema: {
        tags,
        summary: 'A large export being rendered: its status and progress (its requester only)',
        params: exportJobParams,
        response: { 200: exportJobSchema },
      },
    },
    async (request) => {
      const job = await exportJobs.status(requireUser(request).id, request.params.exportId);
      if (!job) throw new NotFoundError();
      return job;
    },
  );

  app.get(
    '/export-jobs/:exportId/file',
    {
      schema: {
        tags,
        summary:
          'The file of a finished export job, kept for a day (its requester only; 409 while it renders)',
        params: exportJobParams,
      },
    },
    async (request, reply) => {
      const file = await exportJobs.file(requireUser(request).id, request.params.exportId);
      if (!file) throw new NotFoundError();
      if (file === 'not-ready') throw new ConflictError({ detail: EXPORT_NOT_READY });
      return sendFile(reply, file.bytes, file.fileName, file.format);
    },
  );
  done();
};
