// Label endpoints: GET and POST /catalogs/{catalogId}/labels, GET, PUT and DELETE /catalogs/{catalogId}/labels/{labelId}.
import { labelFieldsSchema, labelSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { STRUCTURE_FIELD_LABELS } from '../common/field-labels';
import { catalogParams, labelParams } from '../common/params';
import { createLabel, deleteLabel, getLabel, listLabels, updateLabel } from './labels.service';

export function labelsRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: STRUCTURE_FIELD_LABELS };

    app.get(
      '/catalogs/:catalogId/labels',
      {
        schema: {
          tags: ['catalog labels'],
          summary:
            'The labels of the catalog with the number of live items carrying each (usageCount)',
          params: catalogParams,
          response: { 200: z.array(labelSchema) },
        },
      },
      async (request) => listLabels(deps, requireUser(request), request.params.catalogId),
    );

    app.post(
      '/catalogs/:catalogId/labels',
      {
        schema: {
          tags: ['catalog labels'],
          summary: 'Creates a label (CTL_ADMIN)',
          params: catalogParams,
          body: labelFieldsSchema,
          response: { 201: labelSchema },
        },
        config,
      },
      async (request, reply) => {
        const label = await createLabel(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.body,
        );
        return reply.code(201).send(label);
      },
    );

    app.get(
      '/catalogs/:catalogId/labels/:labelId',
      {
        schema: {
          tags: ['catalog labels'],
          summary: 'One label with usageCount ("applied to {count} elements")',
          params: labelParams,
          response: { 200: labelSchema },
        },
      },
      async (request) =>
        getLabel(deps, requireUser(request), request.params.catalogId, request.params.labelId),
    );

    app.put(
      '/catalogs/:catalogId/labels/:labelId',
      {
        schema: {
          tags: ['catalog labels'],
          summary: 'Updates a label (CTL_ADMIN)',
          params: labelParams,
          body: labelFieldsSchema,
          response: { 200: labelSchema },
        },
        config,
      },
      async (request) =>
        updateLabel(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.labelId,
          request.body,
        ),
    );

    app.delete(
      '/catalogs/:catalogId/labels/:labelId',
      {
        schema: {
          tags: ['catalog labels'],
          summary:
            'Deletes a label and takes it off its items (CTL_ADMIN); 200 with the label as it was',
          params: labelParams,
          response: { 200: labelSchema },
        },
      },
      async (request) =>
        deleteLabel(deps, requireUser(request), request.params.catalogId, request.params.labelId),
    );
    done();
  };
}
