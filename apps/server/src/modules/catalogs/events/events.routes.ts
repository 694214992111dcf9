// GET /api/v1/catalogs/{catalogId}/events (?itemId=): who changed what and when, newest first, paged by cursor.
import { catalogEventSchema, eventListQuerySchema, pageSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { MEMBER_FIELD_LABELS } from '../common/field-labels';
import { catalogParams } from '../common/params';
import { listEvents } from './events.service';

export function eventsRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/catalogs/:catalogId/events',
      {
        schema: {
          tags: ['catalog events'],
          summary: 'Changes to the catalog and its items, newest first (optionally of one item)',
          params: catalogParams,
          querystring: eventListQuerySchema,
          response: { 200: pageSchema(catalogEventSchema) },
        },
        config: { fieldLabels: MEMBER_FIELD_LABELS },
      },
      async (request) =>
        listEvents(deps, requireUser(request), request.params.catalogId, request.query),
    );
    done();
  };
}
