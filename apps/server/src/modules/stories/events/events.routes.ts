// GET /api/v1/stories/{storyId}/events (?instanceId=): who changed what in the story and when, newest first, paged by cursor.
import { pageSchema, storyEventListQuerySchema, storyEventSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { STORY_EVENT_FIELD_LABELS } from '../common/field-labels';
import { storyParams } from '../common/params';
import { listStoryEvents } from './events.service';

export function storyEventsRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/stories/:storyId/events',
      {
        schema: {
          tags: ['story events'],
          summary:
            'Changes inside the story (settings, instances, labels), newest first, optionally of one instance (any member)',
          params: storyParams,
          querystring: storyEventListQuerySchema,
          response: { 200: pageSchema(storyEventSchema) },
        },
        config: { fieldLabels: STORY_EVENT_FIELD_LABELS },
      },
      async (request) =>
        listStoryEvents(deps, requireUser(request), request.params.storyId, request.query),
    );
    done();
  };
}
