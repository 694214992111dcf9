// GET and PUT /api/v1/users/{userId}/company: the company profile of a user of the caller's company.
import {
  companyLogoUploadSchema,
  companyProfileSchema,
  companyProfileUpdateSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/params';
import { requireUser } from '../../plugins/authentication';
import { COMPANY_FIELD_LABELS } from '../accounts/field-labels';
import {
  getCompanyLogo,
  getCompanyProfile,
  removeCompanyLogo,
  updateCompanyProfile,
  uploadCompanyLogo,
} from './companies.service';

const LOGO_FIELD_LABELS = { en: { data: 'logo' }, cs: { data: 'logo' } };

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

  app.get(
    '/users/:userId/company/logo',
    {
      schema: {
        tags: ['companies'],
        summary: 'The company’s logo image (404 when none is uploaded)',
        params,
      },
    },
    async (request, reply) => {
      const logo = await getCompanyLogo(app.db, requireUser(request), request.params.userId);
      return reply
        .type(logo.contentType)
        .header('cache-control', 'private, no-cache')
        .send(logo.data);
    },
  );

  app.put(
    '/users/:userId/company/logo',
    {
      schema: {
        tags: ['companies'],
        summary:
          'Uploads the company’s logo (base64 of a PNG or JPEG, at most 512 KB, checked by its bytes)',
        params,
        body: companyLogoUploadSchema,
        response: { 200: companyProfileSchema },
      },
      config: { fieldLabels: LOGO_FIELD_LABELS },
    },
    async (request) =>
      uploadCompanyLogo(app.db, requireUser(request), request.params.userId, request.body),
  );

  app.delete(
    '/users/:userId/company/logo',
    {
      schema: {
        tags: ['companies'],
        summary: 'Removes the company’s logo',
        params,
        response: { 200: companyProfileSchema },
      },
    },
    async (request) => removeCompanyLogo(app.db, requireUser(request), request.params.userId),
  );
  done();
};
