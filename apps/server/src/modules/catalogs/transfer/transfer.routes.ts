// Catalogue workbook endpoints: GET /catalogs/{catalogId}/workbook (export) and POST /catalogs/{catalogId}/imports (dry run or apply, the file as the body).
import {
  catalogImportQuerySchema,
  catalogImportReportSchema,
  catalogWorkbookQuerySchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../lib/content-disposition';
import { acceptSpreadsheetBodies } from '../../../lib/spreadsheets/upload-body';
import { requireUser } from '../../../plugins/authentication';
import { localeFromAcceptLanguage } from '../../../plugins/errors';
import type { CatalogDeps } from '../common/deps';
import { catalogParams } from '../common/params';
import { exportWorkbook, importWorkbook } from './transfer.service';

const tags = ['catalog import and export'];

export function transferRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    acceptSpreadsheetBodies(app);

    app.get(
      '/catalogs/:catalogId/workbook',
      {
        schema: {
          tags,
          summary:
            'The catalog as the import template: a .xlsx with the sheets Groups, Phases, Roles, Labels, Items, Attributes, Values and Formulas, or one sheet as a UTF-8 CSV (every reader; readers of COMPLETE items only see those)',
          params: catalogParams,
          querystring: catalogWorkbookQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await exportWorkbook(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.query,
        );
        return reply
          .type(file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.post(
      '/catalogs/:catalogId/imports',
      {
        schema: {
          tags,
          summary:
            'Imports a catalog workbook (.xlsx) or one of its sheets (.csv, UTF-8 or Windows-1250, comma or semicolon): the body is the file. apply=false (the default) is a dry run that lists every problem by sheet, row and column and what would change; apply=true writes everything in one transaction, or nothing when anything is wrong. Rows are matched by code; nothing is deleted except attributes, values and formulas of an item whose list the file gives; new items are Pending and changes follow the review workflow.',
          params: catalogParams,
          querystring: catalogImportQuerySchema,
          response: { 200: catalogImportReportSchema },
        },
      },
      async (request) =>
        importWorkbook(
          deps,
          requireUser(request),
          request.params.catalogId,
          {
            // No body, or one another parser read (JSON), is an empty file: a clear problem, no crash.
            bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            fileName: request.query.fileName,
            sheet: request.query.sheet,
          },
          {
            apply: request.query.apply,
            locale: localeFromAcceptLanguage(request.headers['accept-language']),
          },
        ),
    );

    done();
  };
}
