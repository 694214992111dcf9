// Personal API token endpoints (decision 0044): GET and POST /api/v1/me/api-tokens, DELETE /api/v1/me/api-tokens/{tokenId}; signed in through the application only.
import { apiTokenCreateSchema, apiTokenCreatedSchema, apiTokenListSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/params';
import { requireUser } from '../../plugins/authentication';
import {
  createApiToken,
  listApiTokens,
  apiTokenCannotManageTokens,
  revokeUserApiToken,
} from './api-tokens.service';
import { API_TOKEN_FIELD_LABELS } from './field-labels';

const tokenParams = z.object({ tokenId: idParam });

export const apiTokensRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const tags = ['api tokens'];
  // Before the body is read: a token is refused whatever it sends.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.apiToken ? apiTokenCannotManageTokens() : undefined);
  });

  app.get(
    '/me/api-tokens',
    {
      schema: {
        tags,
        summary:
          'The signed-in user’s API tokens not revoked (expired ones too), newest first; never their secrets. 403 with an API token',
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => listApiTokens(app.db, requireUser(request).id),
  );

  app.post(
    '/me/api-tokens',
    {
      schema: {
        tags,
        summary:
          'Creates an API token acting with the user’s rights (READ: reading only; READ_WRITE: everything the user may), expiring at most a year ahead. The answer holds the secret, shown this once only. 409 when the user has a token of that name; 403 with an API token',
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema },
      },
      config: { fieldLabels: API_TOKEN_FIELD_LABELS },
    },
    async (request, reply) => {
      const created = await createApiToken(app.db, requireUser(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/me/api-tokens/:tokenId',
    {
      schema: {
        tags,
        summary:
          'Revokes the token at once: it is refused (401) from then on. 404 for a token that is not the user’s; 403 with an API token',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      await revokeUserApiToken(app.db, requireUser(request).id, request.params.tokenId);
      return reply.code(204).send();
    },
  );

  done();
};
