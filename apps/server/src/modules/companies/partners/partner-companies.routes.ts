// Partner company endpoints: GET and POST /api/v1/partner-companies, GET, PUT and DELETE /api/v1/partner-companies/{partnerId}.
import {
  pageSchema,
  partnerCompanyCreateSchema,
  partnerCompanyListQuerySchema,
  partnerCompanySchema,
  partnerCompanyUpdateSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../lib/params';
import { requireUser } from '../../../plugins/authentication';
import { PARTNER_COMPANY_FIELD_LABELS } from './field-labels';
import {
  createPartnerCompany,
  deletePartnerCompany,
  getPartnerCompany,
  listPartnerCompanies,
  updatePartnerCompany,
} from './partner-companies.service';

export const partnerParams = z.object({ partnerId: idParam });

export const partnerCompaniesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const config = { fieldLabels: PARTNER_COMPANY_FIELD_LABELS };
  const tags = ['partner companies'];

  app.get(
    '/partner-companies',
    {
      schema: {
        tags,
        summary:
          "The tenant's suppliers or subscribers (`kind`), by name; `q` searches name, e-mail and city without accents; paged by cursor",
        querystring: partnerCompanyListQuerySchema,
        response: { 200: pageSchema(partnerCompanySchema) },
      },
      config,
    },
    async (request) => listPartnerCompanies(app.db, requireUser(request).companyId, request.query),
  );

  app.post(
    '/partner-companies',
    {
      schema: {
        tags,
        summary: 'Creates a supplier or subscriber of the caller’s company',
        body: partnerCompanyCreateSchema,
        response: { 201: partnerCompanySchema },
      },
      config,
    },
    async (request, reply) => {
      const company = await createPartnerCompany(app.db, requireUser(request), request.body);
      return reply.code(201).send(company);
    },
  );

  app.get(
    '/partner-companies/:partnerId',
    {
      schema: {
        tags,
        summary: "One of the tenant's partner companies; 404 for another tenant's",
        params: partnerParams,
        response: { 200: partnerCompanySchema },
      },
    },
    async (request) => getPartnerCompany(app.db, requireUser(request), request.params.partnerId),
  );

  app.put(
    '/partner-companies/:partnerId',
    {
      schema: {
        tags,
        summary: 'Updates the company (the kind stays); 409 CONFLICT when `version` is stale',
        params: partnerParams,
        body: partnerCompanyUpdateSchema,
        response: { 200: partnerCompanySchema },
      },
      config,
    },
    async (request) =>
      updatePartnerCompany(app.db, requireUser(request), request.params.partnerId, request.body),
  );

  app.delete(
    '/partner-companies/:partnerId',
    {
      schema: {
        tags,
        summary: 'Deletes the company and its prices',
        params: partnerParams,
      },
    },
    async (request, reply) => {
      await deletePartnerCompany(app.db, requireUser(request), request.params.partnerId);
      return reply.code(204).send();
    },
  );
  done();
};
