// Role endpoints (unit and price): GET and POST /catalogs/{catalogId}/roles, GET, PUT and DELETE /catalogs/{catalogId}/roles/{roleId}.
import { roleFieldsSchema, roleSchema, roleUpdateSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { STRUCTURE_FIELD_LABELS } from '../common/field-labels';
import { catalogParams, roleParams } from '../common/params';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service';

export function rolesRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: STRUCTURE_FIELD_LABELS };

    app.get(
      '/catalogs/:catalogId/roles',
      {
        schema: {
          tags: ['catalog roles'],
          summary: 'The roles of the catalog with unit and price (decimal string), by code',
          params: catalogParams,
          response: { 200: z.array(roleSchema) },
        },
      },
      async (request) => listRoles(deps, requireUser(request), request.params.catalogId),
    );

    app.post(
      '/catalogs/:catalogId/roles',
      {
        schema: {
          tags: ['catalog roles'],
          summary: 'Creates a role (CTL_ADMIN); 409 when the code is taken',
          params: catalogParams,
          body: roleFieldsSchema,
          response: { 201: roleSchema },
        },
        config,
      },
      async (request, reply) => {
        const role = await createRole(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.body,
        );
        return reply.code(201).send(role);
      },
    );

    app.get(
      '/catalogs/:catalogId/roles/:roleId',
      {
        schema: {
          tags: ['catalog roles'],
          summary: 'One role',
          params: roleParams,
          response: { 200: roleSchema },
        },
      },
      async (request) =>
        getRole(deps, requireUser(request), request.params.catalogId, request.params.roleId),
    );

    app.put(
      '/catalogs/:catalogId/roles/:roleId',
      {
        schema: {
          tags: ['catalog roles'],
          summary: 'Updates a role (CTL_ADMIN); 409 when `version` is stale',
          params: roleParams,
          body: roleUpdateSchema,
          response: { 200: roleSchema },
        },
        config,
      },
      async (request) =>
        updateRole(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.roleId,
          request.body,
        ),
    );

    app.delete(
      '/catalogs/:catalogId/roles/:roleId',
      {
        schema: {
          tags: ['catalog roles'],
          summary: 'Deletes a role (CTL_ADMIN); 409 while formulas use it',
          params: roleParams,
        },
      },
      async (request, reply) => {
        await deleteRole(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.roleId,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
