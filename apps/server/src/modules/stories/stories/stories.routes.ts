// Story endpoints: GET and POST /api/v1/stories, GET, PUT and DELETE /api/v1/stories/{storyId}, PUT …/favourite, PUT …/status, POST …/copies.
import {
  type Story,
  favouriteSchema,
  pageSchema,
  storyCopySchema,
  storyCreateSchema,
  storyListQuerySchema,
  storySchema,
  storyStatusUpdateSchema,
  storyUpdateSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Page } from '../../../lib/cursor';
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
  setStoryStatus,
  updateStory,
} from './stories.service';
import { copyStory } from './story-copy.service';

const STORY_PAGE = pageSchema(storySchema);

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
            'Stories the caller is a member of: `filter` all / personal (created by me) / favourite, `q` on the name, `status` one status (without it every status but ARCHIVED, unless `q` searches), `sort` lastActivity / created (newest first) / name, paged by cursor',
          querystring: storyListQuerySchema,
          response: { 200: STORY_PAGE },
        },
        config,
      },
      async (request, reply) => {
        const user = requireUser(request);
        const page = await app.storyLists.read(user.id, request.query, async () =>
          // As the response serializer would: the schema's encoding of the page.
          z.encode(STORY_PAGE, await listStories(deps, user, request.query)),
        );
        // The kept JSON goes out as it is (Fastify sends a string without serializing it); it was
        // checked against the schema when it was made. The type provider only knows the object.
        return reply.type('application/json; charset=utf-8').send(page as unknown as Page<Story>);
      },
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

    app.put(
      '/stories/:storyId/status',
      {
        schema: {
          tags,
          summary:
            'Sets the story’s status (ICT_ADMIN, ICT_MODELER any; ICT_CUSTOMER only ACCEPTED or REJECTED from SENT; others 403); 409 when `version` is stale; records STATUS_CHANGED',
          params: storyParams,
          body: storyStatusUpdateSchema,
          response: { 200: storySchema },
        },
        config,
      },
      async (request) =>
        setStoryStatus(deps, requireUser(request), request.params.storyId, request.body),
    );

    app.post(
      '/stories/:storyId/copies',
      {
        schema: {
          tags,
          summary:
            'Copies the story as a new DRAFT story of the same company and catalog with its description, labels and instances, and on request its lineups (with custom prices) and members; the caller becomes ICT_ADMIN. Needs a member of the owner company who may build on the catalog; 409 STORY_NAME_TAKEN when the company has the name',
          params: storyParams,
          body: storyCopySchema,
          response: { 201: storySchema },
        },
        config,
      },
      async (request, reply) => {
        const story = await copyStory(
          deps,
          requireUser(request),
          request.params.storyId,
          request.body,
        );
        return reply.code(201).send(story);
      },
    );
    done();
  };
}
