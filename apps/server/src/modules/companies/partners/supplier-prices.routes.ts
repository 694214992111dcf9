// Price setup endpoints of a supplier: GET and PUT /api/v1/partner-companies/{partnerId}/prices, POST …/prices/adjustment.
import {
  priceAdjustmentResultSchema,
  priceAdjustmentSchema,
  supplierPriceCatalogSchema,
  supplierPricesSchema,
  supplierPricesUpdateSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../lib/params';
import { requireUser } from '../../../plugins/authentication';
import { SUPPLIER_PRICE_FIELD_LABELS } from './field-labels';
import { partnerParams } from './partner-companies.routes';
import {
  adjustSupplierPrices,
  getSupplierPrices,
  updateSupplierPrices,
} from './supplier-prices.service';

/** `catalogId` adds one more readable catalog to the setup (the UI's "add a catalog"). */
const pricesQuery = z.object({ catalogId: idParam.optional() });

export const supplierPricesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const config = { fieldLabels: SUPPLIER_PRICE_FIELD_LABELS };
  const tags = ['partner companies'];

  app.get(
    '/partner-companies/:partnerId/prices',
    {
      schema: {
        tags,
        summary:
          "A supplier's price setup: the catalogs of the tenant's stories, those already priced and `catalogId`, each with all roles, the catalog's price and the supplier's; 404 for a subscriber",
        params: partnerParams,
        querystring: pricesQuery,
        response: { 200: supplierPricesSchema },
      },
      config,
    },
    async (request) =>
      getSupplierPrices(
        app.db,
        requireUser(request),
        request.params.partnerId,
        request.query.catalogId,
      ),
  );

  app.put(
    '/partner-companies/:partnerId/prices',
    {
      schema: {
        tags,
        summary:
          "Saves prices of one catalog's roles at once (null removes one); any stale `version` is 409 and nothing is saved. Answers that catalog's block",
        params: partnerParams,
        body: supplierPricesUpdateSchema,
        response: { 200: supplierPriceCatalogSchema },
      },
      config,
    },
    async (request) =>
      updateSupplierPrices(app.db, requireUser(request), request.params.partnerId, request.body),
  );

  app.post(
    '/partner-companies/:partnerId/prices/adjustment',
    {
      schema: {
        tags,
        summary:
          'Changes every price of the supplier (or of `catalogId`) by `percent`, rounded to cents half away from zero, at least 0.01; `apply` false previews only',
        params: partnerParams,
        body: priceAdjustmentSchema,
        response: { 200: priceAdjustmentResultSchema },
      },
      config,
    },
    async (request) =>
      adjustSupplierPrices(app.db, requireUser(request), request.params.partnerId, request.body),
  );
  done();
};
