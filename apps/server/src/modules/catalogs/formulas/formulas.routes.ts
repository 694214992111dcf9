// Item formula endpoints (decision 0021): the list with its issues, bulk replace, deleting one role's formulas, and one instance's calculation.
import {
  formulasBulkSchema,
  itemCalculationRequestSchema,
  itemCalculationSchema,
  itemFormulasSchema,
  roleFormulasDeleteQuerySchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { FORMULA_FIELD_LABELS } from '../common/field-labels';
import { itemParams } from '../common/params';
import {
  calculateItem,
  deleteRoleFormulas,
  getFormulas,
  replaceFormulas,
} from './formulas.service';

export function formulasRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: FORMULA_FIELD_LABELS };
    const tags = ['catalog formulas'];

    app.get(
      '/catalogs/:catalogId/items/:itemId/formulas',
      {
        schema: {
          tags,
          summary:
            'The item’s formulas per role and level, each with its issues against the item’s current attributes',
          params: itemParams,
          response: { 200: itemFormulasSchema },
        },
      },
      async (request) =>
        getFormulas(deps, requireUser(request), request.params.catalogId, request.params.itemId),
    );

    app.put(
      '/catalogs/:catalogId/items/:itemId/formulas',
      {
        schema: {
          tags,
          summary:
            'Replaces the formula list (formulas without an id are new); 400 FORMULA_INVALID with `formulaIssues` when an expression fails its checks; 409 when `revision` is stale',
          params: itemParams,
          body: formulasBulkSchema,
          response: { 200: itemFormulasSchema },
        },
        config,
      },
      async (request) =>
        replaceFormulas(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.itemId,
          request.body,
        ),
    );

    app.delete(
      '/catalogs/:catalogId/items/:itemId/formulas',
      {
        schema: {
          tags,
          summary: 'Deletes every formula of one role on the item; 409 when `revision` is stale',
          params: itemParams,
          querystring: roleFormulasDeleteQuerySchema,
          response: { 200: itemFormulasSchema },
        },
        config,
      },
      async (request) =>
        deleteRoleFormulas(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.itemId,
          request.query,
        ),
    );

    app.post(
      '/catalogs/:catalogId/items/:itemId/calculation',
      {
        schema: {
          tags,
          summary:
            'Calculates one instance of the item at a level with the given values (lines per role with amounts, catalog prices and errors); changes nothing',
          params: itemParams,
          body: itemCalculationRequestSchema,
          response: { 200: itemCalculationSchema },
        },
        config,
      },
      async (request) =>
        calculateItem(
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
