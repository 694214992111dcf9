// A supplier's price sheet endpoints: GET /api/v1/partner-companies/{partnerId}/prices/sheet (export, the import template) and POST …/prices/imports (dry run or apply, the file as the body).
import {
  supplierPriceImportQuerySchema,
  supplierPriceImportReportSchema,
  supplierPriceSheetQuerySchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../lib/content-disposition';
import { acceptSpreadsheetBodies } from '../../../lib/spreadsheets/upload-body';
import { requireUser } from '../../../plugins/authentication';
import { localeFromAcceptLanguage } from '../../../plugins/errors';
import { SUPPLIER_PRICE_FIELD_LABELS } from './field-labels';
import { partnerParams } from './partner-companies.routes';
import { exportSupplierPrices, importSupplierPrices } from './supplier-price-sheet.service';

export const supplierPriceSheetRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // Encapsulated: only these routes take a raw file as the body.
  acceptSpreadsheetBodies(app);
  const config = { fieldLabels: SUPPLIER_PRICE_FIELD_LABELS };
  const tags = ['partner companies'];

  app.get(
    '/partner-companies/:partnerId/prices/sheet',
    {
      schema: {
        tags,
        summary:
          "A supplier's prices as the import template: a .xlsx with the sheet Prices, or a UTF-8 CSV, with the columns catalog (code), role (code) and price; one row per role of every catalog of the price setup, the price empty where the catalog's applies; 404 for a subscriber",
        params: partnerParams,
        querystring: supplierPriceSheetQuerySchema,
      },
      config,
    },
    async (request, reply) => {
      const file = await exportSupplierPrices(
        app.db,
        requireUser(request),
        request.params.partnerId,
        request.query.format,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/partner-companies/:partnerId/prices/imports',
    {
      schema: {
        tags,
        summary:
          "Imports a supplier's prices from a .xlsx (sheet Prices) or a CSV (UTF-8 or Windows-1250, comma or semicolon) with the columns catalog, role and price: the body is the file. apply=false (the default) is a dry run listing every problem by row and column and what would change (keys CATALOG / ROLE); apply=true writes everything in one transaction, or nothing when anything is wrong. An empty price removes the supplier's own price; roles the file does not name keep theirs",
        params: partnerParams,
        querystring: supplierPriceImportQuerySchema,
        response: { 200: supplierPriceImportReportSchema },
      },
      config,
    },
    async (request) =>
      importSupplierPrices(
        app.db,
        requireUser(request),
        request.params.partnerId,
        {
          // No body at all (or a JSON one) reads as an empty file: a report, never a 500.
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          ...(request.query.fileName === undefined ? {} : { fileName: request.query.fileName }),
        },
        {
          apply: request.query.apply,
          locale: localeFromAcceptLanguage(request.headers['accept-language']),
        },
      ),
  );
  done();
};
