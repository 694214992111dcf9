// Story label endpoints: GET and POST /stories/{storyId}/labels, GET, PUT and DELETE …/labels/{labelId}.
import { storyLabelFieldsSchema, storyLabelSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { STORY_LABEL_FIELD_LABELS } from '../common/field-labels';
import { storyLabelParams, storyParams } from '../common/params';
import {
  createStoryLabel,
  deleteStoryLabel,
  getStoryLabel,
  listStoryLabels,
  updateStoryLabel,
} from './labels.service';

export function storyLabelsRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: STORY_LABEL_FIELD_LABELS };
    const tags = ['story labels'];

    app.get(
      '/stories/:storyId/labels',
      {
        schema: {
          tags,
          summary:
            'The story’s labels with the number of instances carrying each (usageCount); any member',
          params: storyParams,
          response: { 200: z.array(storyLabelSchema) },
        },
      },
      async (request) => listStoryLabels(deps, requireUser(request), request.params.storyId),
    );

    app.post(
      '/stories/:storyId/labels',
      {
        schema: {
          tags,
          summary: 'Creates a label (ICT_ADMIN, ICT_MODELER)',
          params: storyParams,
          body: storyLabelFieldsSchema,
          response: { 201: storyLabelSchema },
        },
        config,
      },
      async (request, reply) => {
        const label = await createStoryLabel(
          deps,
          requireUser(request),
          request.params.storyId,
          request.body,
        );
        return reply.code(201).send(label);
      },
    );

    app.get(
      '/stories/:storyId/labels/:labelId',
      {
        schema: {
          tags,
          summary: 'One label with usageCount ("applied to {count} elements")',
          params: storyLabelParams,
          response: { 200: storyLabelSchema },
        },
      },
      async (request) =>
        getStoryLabel(deps, requireUser(request), request.params.storyId, request.params.labelId),
    );

    app.put(
      '/stories/:storyId/labels/:labelId',
      {
        schema: {
          tags,
          summary: 'Updates a label (ICT_ADMIN, ICT_MODELER)',
          params: storyLabelParams,
          body: storyLabelFieldsSchema,
          response: { 200: storyLabelSchema },
        },
        config,
      },
      async (request) =>
        updateStoryLabel(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.labelId,
          request.body,
        ),
    );

    app.delete(
      '/stories/:storyId/labels/:labelId',
      {
        schema: {
          tags,
          summary:
            'Deletes a label and takes it off its instances (ICT_ADMIN, ICT_MODELER); 200 with the label as it was',
          params: storyLabelParams,
          response: { 200: storyLabelSchema },
        },
      },
      async (request) =>
        deleteStoryLabel(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.labelId,
        ),
    );
    done();
  };
}
