// The Companies area's routes under /api/v1 (decision 0024): the signed-in user's company profile, the tenant's partner companies and a supplier's price setup.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companiesRoutes } from './companies.routes';
import { partnerCompaniesRoutes } from './partners/partner-companies.routes';
import { supplierPricesRoutes } from './partners/supplier-prices.routes';

export const companyModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(companiesRoutes);
  await app.register(partnerCompaniesRoutes);
  await app.register(supplierPricesRoutes);
};
