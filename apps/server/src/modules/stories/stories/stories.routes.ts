// Story endpoints: GET and POST /api/v1/stories, GET, PUT and DELETE /api/v1/stories/{storyId}, PUT …/favourite.
import {
  favouriteSchema,
  pageSchema,
  storyCreateSchema,
  storyListQuerySchema,
  storySchema,
  storyUpdateSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { STORY_FIELD_LABELS } from '../common/field-labels';
import { storyParams } from '../common/params';
import {
  createStory,
  deleteStory,
  getStory,
  listStories,
  setFavourite,
  updateStory,
} from './stories.service';

export function storiesRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: STORY_FIELD_LABELS };
    const tags = ['stories'];

    app.get(
      '/stories',
      {
        schema: {
          tags,
          summary:
            'Stories the caller is a member of: `filter` all / personal (created by me) / favourite, `q` on the name, `sort` lastActivity / created (newest first) / name, paged by cursor',
          querystring: storyListQuerySchema,
          response: { 200: pageSchema(storySchema) },
        },
        config,
      },
      async (request) => listStories(deps, requireUser(request), request.query),
    );

    app.post(
      '/stories',
      {
        schema: {
          tags,
          summary:
            "Creates a story of the caller's company on a catalog they may build on (404 when they may not read it, 403 CATALOG_CLIENT_REQUIRED on a PUBLIC_PAID one without a client grant); the caller becomes ICT_ADMIN; 409 STORY_NAME_TAKEN when the company has the name",
          body: storyCreateSchema,
          response: { 201: storySchema },
        },
        config,
      },
      async (request, reply) => {
        const story = await createStory(deps, requireUser(request), request.body);
        return reply.code(201).send(story);
      },
    );

    app.get(
      '/stories/:storyId',
      {
        schema: {
          tags,
          summary:
            'One story with the caller’s role and favourite; 404 unless the caller is a member',
          params: storyParams,
          response: { 200: storySchema },
        },
      },
      async (request) => getStory(deps, requireUser(request), request.params.storyId),
    );

    app.put(
      '/stories/:storyId',
      {
        schema: {
          tags,
          summary:
            'Updates name and description (ICT_ADMIN); 409 when `version` is stale, 409 STORY_NAME_TAKEN when the name is taken',
          params: storyParams,
          body: storyUpdateSchema,
          response: { 200: storySchema },
        },
        config,
      },
      async (request) =>
        updateStory(deps, requireUser(request), request.params.storyId, request.body),
    );

    app.delete(
      '/stories/:storyId',
      {
        schema: {
          tags,
          summary: 'Deletes the story with its instances, labels, members and events (ICT_ADMIN)',
          params: storyParams,
        },
      },
      async (request, reply) => {
        await deleteStory(deps, requireUser(request), request.params.storyId);
        return reply.code(204).send();
      },
    );

    app.put(
      '/stories/:storyId/favourite',
      {
        schema: {
          tags,
          summary: 'Marks or unmarks the story as the caller’s favourite (any member)',
          params: storyParams,
          body: favouriteSchema,
          response: { 200: storySchema },
        },
        config,
      },
      async (request) =>
        setFavourite(deps, requireUser(request), request.params.storyId, request.body.favourite),
    );
    done();
  };
}
