// GET /api/v1/me: the signed-in user (name for the header, company id for the company-profile link).
import { meSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/authentication';

export const usersRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: meSchema },
      },
    },
    (request) => requireUser(request),
  );
  done();
};
