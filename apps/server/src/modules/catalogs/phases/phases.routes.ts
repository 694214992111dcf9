// Phase endpoints: GET and POST /catalogs/{catalogId}/phases, GET, PUT and DELETE /catalogs/{catalogId}/phases/{phaseId}.
import { phaseFieldsSchema, phaseSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { STRUCTURE_FIELD_LABELS } from '../common/field-labels';
import { catalogParams, phaseParams } from '../common/params';
import { createPhase, deletePhase, getPhase, listPhases, updatePhase } from './phases.service';

export function phasesRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: STRUCTURE_FIELD_LABELS };

    app.get(
      '/catalogs/:catalogId/phases',
      {
        schema: {
          tags: ['catalog phases'],
          summary: 'The phases of the catalog in their order',
          params: catalogParams,
          response: { 200: z.array(phaseSchema) },
        },
      },
      async (request) => listPhases(deps, requireUser(request), request.params.catalogId),
    );

    app.post(
      '/catalogs/:catalogId/phases',
      {
        schema: {
          tags: ['catalog phases'],
          summary: 'Appends a phase (CTL_ADMIN); 409 when the code is taken',
          params: catalogParams,
          body: phaseFieldsSchema,
          response: { 201: phaseSchema },
        },
        config,
      },
      async (request, reply) => {
        const phase = await createPhase(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.body,
        );
        return reply.code(201).send(phase);
      },
    );

    app.get(
      '/catalogs/:catalogId/phases/:phaseId',
      {
        schema: {
          tags: ['catalog phases'],
          summary: 'One phase',
          params: phaseParams,
          response: { 200: phaseSchema },
        },
      },
      async (request) =>
        getPhase(deps, requireUser(request), request.params.catalogId, request.params.phaseId),
    );

    app.put(
      '/catalogs/:catalogId/phases/:phaseId',
      {
        schema: {
          tags: ['catalog phases'],
          summary: 'Updates a phase (CTL_ADMIN)',
          params: phaseParams,
          body: phaseFieldsSchema,
          response: { 200: phaseSchema },
        },
        config,
      },
      async (request) =>
        updatePhase(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.phaseId,
          request.body,
        ),
    );

    app.delete(
      '/catalogs/:catalogId/phases/:phaseId',
      {
        schema: {
          tags: ['catalog phases'],
          summary: 'Deletes a phase (CTL_ADMIN); 409 while live items use it',
          params: phaseParams,
        },
      },
      async (request, reply) => {
        await deletePhase(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.phaseId,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
