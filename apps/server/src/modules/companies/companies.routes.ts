// GET and PUT /api/v1/users/{userId}/company: the company profile of a user of the caller's company.
import { companyProfileSchema, companyProfileUpdateSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/params';
import { requireUser } from '../../plugins/authentication';
import { COMPANY_FIELD_LABELS } from '../accounts/field-labels';
import { getCompanyProfile, updateCompanyProfile } from './companies.service';

const params = z.object({ userId: idParam });

export const companiesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/users/:userId/company',
    {
      schema: {
        tags: ['companies'],
        summary: "The company of a user of the caller's company (404 for anyone else)",
        params,
        response: { 200: companyProfileSchema },
      },
    },
    async (request) => getCompanyProfile(app.db, requireUser(request), request.params.userId),
  );

  app.put(
    '/users/:userId/company',
    {
      schema: {
        tags: ['companies'],
        summary: 'Updates that company; 409 CONFLICT when `version` is stale',
        params,
        body: companyProfileUpdateSchema,
        response: { 200: companyProfileSchema },
      },
      config: { fieldLabels: COMPANY_FIELD_LABELS },
    },
    async (request) =>
      updateCompanyProfile(app.db, requireUser(request), request.params.userId, request.body),
  );
  done();
};
