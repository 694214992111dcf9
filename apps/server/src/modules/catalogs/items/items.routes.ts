// Item endpoints: the list and "save as pending" under /catalogs/{catalogId}/items; one item, its attributes (bulk) and workflow transitions.
import {
  attributesBulkSchema,
  itemCreateSchema,
  itemListQuerySchema,
  itemSchema,
  itemSummarySchema,
  itemTransitionSchema,
  itemUpdateSchema,
  pageSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { ITEM_FIELD_LABELS } from '../common/field-labels';
import { catalogParams, itemParams } from '../common/params';
import { createItem, getItem, listItems, replaceAttributes, updateItem } from './items.service';
import { transitionItem } from './transitions.service';

export function itemsRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: ITEM_FIELD_LABELS };

    app.get(
      '/catalogs/:catalogId/items',
      {
        schema: {
          tags: ['catalog items'],
          summary:
            'Live items by code, filtered by state, group (with sub-groups), all given labels and text; readers get COMPLETE items only',
          params: catalogParams,
          querystring: itemListQuerySchema,
          response: { 200: pageSchema(itemSummarySchema) },
        },
        config,
      },
      async (request) =>
        listItems(deps, requireUser(request), request.params.catalogId, request.query),
    );

    app.post(
      '/catalogs/:catalogId/items',
      {
        schema: {
          tags: ['catalog items'],
          summary:
            'Suggests an item ("save as pending": PENDING, version 0); 409 when the code is taken',
          params: catalogParams,
          body: itemCreateSchema,
          response: { 201: itemSchema },
        },
        config,
      },
      async (request, reply) => {
        const item = await createItem(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.body,
        );
        return reply.code(201).send(item);
      },
    );

    app.get(
      '/catalogs/:catalogId/items/:itemId',
      {
        schema: {
          tags: ['catalog items'],
          summary:
            'One item with attributes and the caller’s workflow actions (deleted items too, flagged `deprecated`)',
          params: itemParams,
          response: { 200: itemSchema },
        },
      },
      async (request) =>
        getItem(deps, requireUser(request), request.params.catalogId, request.params.itemId),
    );

    app.put(
      '/catalogs/:catalogId/items/:itemId',
      {
        schema: {
          tags: ['catalog items'],
          summary: 'Updates an item; 409 when `revision` is stale or the code is taken',
          params: itemParams,
          body: itemUpdateSchema,
          response: { 200: itemSchema },
        },
        config,
      },
      async (request) =>
        updateItem(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.itemId,
          request.body,
        ),
    );

    app.put(
      '/catalogs/:catalogId/items/:itemId/attributes',
      {
        schema: {
          tags: ['catalog items'],
          summary:
            'Replaces the attribute list (attributes without an id are new); 409 when `revision` is stale',
          params: itemParams,
          body: attributesBulkSchema,
          response: { 200: itemSchema },
        },
        config,
      },
      async (request) =>
        replaceAttributes(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.itemId,
          request.body,
        ),
    );

    app.post(
      '/catalogs/:catalogId/items/:itemId/transitions',
      {
        schema: {
          tags: ['catalog items'],
          summary:
            'One workflow step (or DEPRECATE); 409 when the state does not allow it or `revision` is stale',
          params: itemParams,
          body: itemTransitionSchema,
          response: { 200: itemSchema },
        },
        config,
      },
      async (request) =>
        transitionItem(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.itemId,
          request.body,
        ),
    );
    done();
  };
}
