// Client endpoints: GET and POST /catalogs/{catalogId}/clients, DELETE /catalogs/{catalogId}/clients/{companyId}.
import { clientInviteSchema, clientSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { MEMBER_FIELD_LABELS } from '../common/field-labels';
import { catalogParams, clientParams } from '../common/params';
import { addClient, listClients, removeClient } from './clients.service';

export function clientsRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/catalogs/:catalogId/clients',
      {
        schema: {
          tags: ['catalog clients'],
          summary: 'Companies that may build stories on the (PUBLIC_PAID) catalog; members only',
          params: catalogParams,
          response: { 200: z.array(clientSchema) },
        },
      },
      async (request) => listClients(deps, requireUser(request), request.params.catalogId),
    );

    app.post(
      '/catalogs/:catalogId/clients',
      {
        schema: {
          tags: ['catalog clients'],
          summary:
            'Makes a company a client (CTL_ADMIN); 404 for an unknown company, 409 when it already is one',
          params: catalogParams,
          body: clientInviteSchema,
          response: { 201: clientSchema },
        },
        config: { fieldLabels: MEMBER_FIELD_LABELS },
      },
      async (request, reply) => {
        const client = await addClient(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.body.companyId,
        );
        return reply.code(201).send(client);
      },
    );

    app.delete(
      '/catalogs/:catalogId/clients/:companyId',
      {
        schema: {
          tags: ['catalog clients'],
          summary: 'Takes the client grant back (CTL_ADMIN)',
          params: clientParams,
        },
      },
      async (request, reply) => {
        await removeClient(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.companyId,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
