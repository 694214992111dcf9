// Group endpoints: GET and POST /catalogs/{catalogId}/groups, GET, PUT (rename, move) and DELETE /catalogs/{catalogId}/groups/{groupId}.
import { groupFieldsSchema, groupSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { STRUCTURE_FIELD_LABELS } from '../common/field-labels';
import { catalogParams, groupParams } from '../common/params';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './groups.service';

export function groupsRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: STRUCTURE_FIELD_LABELS };

    app.get(
      '/catalogs/:catalogId/groups',
      {
        schema: {
          tags: ['catalog groups'],
          summary: 'Every group of the catalog (a tree by parentId); itemCount includes sub-groups',
          params: catalogParams,
          response: { 200: z.array(groupSchema) },
        },
      },
      async (request) => listGroups(deps, requireUser(request), request.params.catalogId),
    );

    app.post(
      '/catalogs/:catalogId/groups',
      {
        schema: {
          tags: ['catalog groups'],
          summary: 'Creates a group (CTL_ADMIN); 409 when the code is taken',
          params: catalogParams,
          body: groupFieldsSchema,
          response: { 201: groupSchema },
        },
        config,
      },
      async (request, reply) => {
        const group = await createGroup(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.body,
        );
        return reply.code(201).send(group);
      },
    );

    app.get(
      '/catalogs/:catalogId/groups/:groupId',
      {
        schema: {
          tags: ['catalog groups'],
          summary: 'One group',
          params: groupParams,
          response: { 200: groupSchema },
        },
      },
      async (request) =>
        getGroup(deps, requireUser(request), request.params.catalogId, request.params.groupId),
    );

    app.put(
      '/catalogs/:catalogId/groups/:groupId',
      {
        schema: {
          tags: ['catalog groups'],
          summary:
            'Renames or moves a group (CTL_ADMIN); 400 for a move under itself or a sub-group',
          params: groupParams,
          body: groupFieldsSchema,
          response: { 200: groupSchema },
        },
        config,
      },
      async (request) =>
        updateGroup(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.groupId,
          request.body,
        ),
    );

    app.delete(
      '/catalogs/:catalogId/groups/:groupId',
      {
        schema: {
          tags: ['catalog groups'],
          summary: 'Deletes an empty group (CTL_ADMIN); 409 while sub-groups or items remain',
          params: groupParams,
        },
      },
      async (request, reply) => {
        await deleteGroup(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.groupId,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
