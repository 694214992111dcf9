// The Companies area's routes under /api/v1 (decision 0024): the signed-in user's company profile, the tenant's partner companies and a supplier's price setup with its price sheet (export and import).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companiesRoutes } from './companies.routes';
import { partnerCompaniesRoutes } from './partners/partner-companies.routes';
import { supplierPriceSheetRoutes } from './partners/supplier-price-sheet.routes';
import { supplierPricesRoutes } from './partners/supplier-prices.routes';

export const companyModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(companiesRoutes);
  await app.register(partnerCompaniesRoutes);
  await app.register(supplierPricesRoutes);
  await app.register(supplierPriceSheetRoutes);
};
