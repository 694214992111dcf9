// Catalog endpoints: GET and POST /api/v1/catalogs, GET, PUT and DELETE /api/v1/catalogs/{catalogId}.
import {
  catalogFieldsSchema,
  catalogListQuerySchema,
  catalogSchema,
  catalogUpdateSchema,
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

    app.delete(
      '/catalogs/:catalogId',
      {
        schema: {
          tags: ['catalogs'],
          summary: 'Deletes the catalog (CTL_ADMIN; soft delete, it answers 404 afterwards)',
          params: catalogParams,
        },
      },
      async (request, reply) => {
        await deleteCatalog(deps, requireUser(request), request.params.catalogId);
        return reply.code(204).send();
      },
    );
    done();
  };
}
