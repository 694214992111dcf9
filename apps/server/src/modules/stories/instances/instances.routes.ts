// Instance endpoints: GET and POST /stories/{storyId}/instances, GET …/instances/subtotal, POST …/instances/batch, GET, PUT and DELETE …/instances/{instanceId}, POST …/copy, PUT …/verification.
import {
  INSTANCE_BATCH_MAX,
  instanceBatchCreateSchema,
  instanceBatchSchema,
  instanceCreateSchema,
  instanceListQuerySchema,
  instanceSchema,
  instanceSubtotalQuerySchema,
  instanceSubtotalSchema,
  instanceUpdateSchema,
  instanceVerifySchema,
  pageSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { INSTANCE_BATCH_FIELD_LABELS, INSTANCE_FIELD_LABELS } from '../common/field-labels';
import { instanceParams, storyParams } from '../common/params';
import {
  copyInstance,
  createInstance,
  createInstances,
  deleteInstance,
  getInstance,
  listInstances,
  subtotalInstances,
  updateInstance,
  verifyInstance,
} from './instances.service';

export function instancesRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: INSTANCE_FIELD_LABELS };
    const tags = ['story instances'];

    app.get(
      '/stories/:storyId/instances',
      {
        schema: {
          tags,
          summary:
            'The story’s instances in the order they were added, filtered by catalog group (with sub-groups), story labels (all of them) and `q` (instance name, item code and name), paged by cursor (any member)',
          params: storyParams,
          querystring: instanceListQuerySchema,
          response: { 200: pageSchema(instanceSchema) },
        },
        config,
      },
      async (request) =>
        listInstances(deps, requireUser(request), request.params.storyId, request.query),
    );

    // A static segment: find-my-way matches it before the `:instanceId` parameter.
    app.get(
      '/stories/:storyId/instances/subtotal',
      {
        schema: {
          tags,
          summary:
            'The sums of every instance the list’s filters take, over all its pages: count, optional count, and the time, price and formula errors of the non-optional ones as in the story’s totals (any member; the price is null for a member without READ_MARGINS)',
          params: storyParams,
          querystring: instanceSubtotalQuerySchema,
          response: { 200: instanceSubtotalSchema },
        },
        config,
      },
      async (request) =>
        subtotalInstances(deps, requireUser(request), request.params.storyId, request.query),
    );

    app.post(
      '/stories/:storyId/instances',
      {
        schema: {
          tags,
          summary:
            'Adds an instance of a COMPLETE item of the story’s catalog (ICT_ADMIN, ICT_MODELER), calculated with its latest published version; 409 when the item is not complete, 409 INSTANCE_NOT_REPEATABLE for a second instance of a non-repeatable item',
          params: storyParams,
          body: instanceCreateSchema,
          response: { 201: instanceSchema },
        },
        config,
      },
      async (request, reply) => {
        const instance = await createInstance(
          deps,
          requireUser(request),
          request.params.storyId,
          request.body,
        );
        return reply.code(201).send(instance);
      },
    );

    app.post(
      '/stories/:storyId/instances/batch',
      {
        schema: {
          tags,
          summary: `Adds up to ${String(INSTANCE_BATCH_MAX)} instances all or nothing, in the order given (ICT_ADMIN, ICT_MODELER): what pasting spreadsheet rows applies. The rules of POST …/instances over every row: 400 on \`instances.{i}.itemId\` for an item not in the catalog, 409 for an item that is not complete, 400 with the problems of all rows (\`instances.{i}.values.{code}\`), 409 INSTANCE_NOT_REPEATABLE for a non-repeatable item twice or already in the story`,
          params: storyParams,
          body: instanceBatchCreateSchema,
          response: { 201: instanceBatchSchema },
        },
        config: { fieldLabels: INSTANCE_BATCH_FIELD_LABELS },
      },
      async (request, reply) => {
        const items = await createInstances(
          deps,
          requireUser(request),
          request.params.storyId,
          request.body,
        );
        return reply.code(201).send({ items });
      },
    );

    app.get(
      '/stories/:storyId/instances/:instanceId',
      {
        schema: {
          tags,
          summary: 'One instance with its item, figures and verification (any member)',
          params: instanceParams,
          response: { 200: instanceSchema },
        },
      },
      async (request) =>
        getInstance(deps, requireUser(request), request.params.storyId, request.params.instanceId),
    );

    app.put(
      '/stories/:storyId/instances/:instanceId',
      {
        schema: {
          tags,
          summary:
            'Updates an instance (ICT_ADMIN, ICT_MODELER) and recalculates it; 409 when `revision` is stale. A change of level, values or `optional` takes back its verification',
          params: instanceParams,
          body: instanceUpdateSchema,
          response: { 200: instanceSchema },
        },
        config,
      },
      async (request) =>
        updateInstance(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.instanceId,
          request.body,
        ),
    );

    app.delete(
      '/stories/:storyId/instances/:instanceId',
      {
        schema: {
          tags,
          summary: 'Removes an instance (ICT_ADMIN, ICT_MODELER)',
          params: instanceParams,
        },
      },
      async (request, reply) => {
        await deleteInstance(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.instanceId,
        );
        return reply.code(204).send();
      },
    );

    app.post(
      '/stories/:storyId/instances/:instanceId/copy',
      {
        schema: {
          tags,
          summary:
            'Adds a copy of the instance (ICT_ADMIN, ICT_MODELER) on its item’s latest published version, not verified; 409 INSTANCE_NOT_REPEATABLE for a non-repeatable item',
          params: instanceParams,
          response: { 201: instanceSchema },
        },
      },
      async (request, reply) => {
        const instance = await copyInstance(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.instanceId,
        );
        return reply.code(201).send(instance);
      },
    );

    app.put(
      '/stories/:storyId/instances/:instanceId/verification',
      {
        schema: {
          tags,
          summary:
            'Marks the instance verified or not (ICT_ADMIN, ICT_VERIFIER); 409 when `revision` is stale',
          params: instanceParams,
          body: instanceVerifySchema,
          response: { 200: instanceSchema },
        },
        config,
      },
      async (request) =>
        verifyInstance(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.instanceId,
          request.body,
        ),
    );
    done();
  };
}
