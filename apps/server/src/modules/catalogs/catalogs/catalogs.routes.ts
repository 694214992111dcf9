// Catalog endpoints: GET and POST /api/v1/catalogs, GET, PUT and DELETE /api/v1/catalogs/{catalogId}, GET …/usage.
import {
  catalogDeleteQuerySchema,
  catalogFieldsSchema,
  catalogListQuerySchema,
  catalogSchema,
  catalogUpdateSchema,
  catalogUsageSchema,
  pageSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { CATALOG_FIELD_LABELS } from '../common/field-labels';
import { catalogParams } from '../common/params';
import {
  createCatalog,
  deleteCatalog,
  getCatalog,
  getCatalogUsage,
  listCatalogs,
  updateCatalog,
} from './catalogs.service';

export function catalogsRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: CATALOG_FIELD_LABELS };

    app.get(
      '/catalogs',
      {
        schema: {
          tags: ['catalogs'],
          summary:
            'Catalogs the caller may read (member of, or PUBLIC / PUBLIC_PAID), filtered by `mine` and `q`, sorted, paged by cursor',
          querystring: catalogListQuerySchema,
          response: { 200: pageSchema(catalogSchema) },
        },
        config,
      },
      async (request) => listCatalogs(deps, requireUser(request), request.query),
    );

    app.post(
      '/catalogs',
      {
        schema: {
          tags: ['catalogs'],
          summary:
            "Creates a catalog of the caller's company; the caller becomes CTL_ADMIN. 409 when the code is taken",
          body: catalogFieldsSchema,
          response: { 201: catalogSchema },
        },
        config,
      },
      async (request, reply) => {
        const catalog = await createCatalog(deps, requireUser(request), request.body);
        return reply.code(201).send(catalog);
      },
    );

    app.get(
      '/catalogs/:catalogId',
      {
        schema: {
          tags: ['catalogs'],
          summary: 'One catalog with the caller’s role; 404 when the caller may not read it',
          params: catalogParams,
          response: { 200: catalogSchema },
        },
      },
      async (request) => getCatalog(deps, requireUser(request), request.params.catalogId),
    );

    app.put(
      '/catalogs/:catalogId',
      {
        schema: {
          tags: ['catalogs'],
          summary: 'Updates the settings (CTL_ADMIN); 409 when `version` is stale',
          params: catalogParams,
          body: catalogUpdateSchema,
          response: { 200: catalogSchema },
        },
        config,
      },
      async (request) =>
        updateCatalog(deps, requireUser(request), request.params.catalogId, request.body),
    );

    app.get(
      '/catalogs/:catalogId/usage',
      {
        schema: {
          tags: ['catalogs'],
          summary:
            'The stories built on the catalog (CTL_ADMIN): named where the caller is a member, else counted',
          params: catalogParams,
          response: { 200: catalogUsageSchema },
        },
      },
      async (request) => getCatalogUsage(deps, requireUser(request), request.params.catalogId),
    );

    app.delete(
      '/catalogs/:catalogId',
      {
        schema: {
          tags: ['catalogs'],
          summary:
            'Deletes the catalog (CTL_ADMIN; soft delete, it answers 404 afterwards). With stories on it, `confirmStories` must be their number, else 409 CATALOG_IN_USE; the stories stay readable but take no new instances',
          params: catalogParams,
          querystring: catalogDeleteQuerySchema,
        },
      },
      async (request, reply) => {
        await deleteCatalog(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.query.confirmStories,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
