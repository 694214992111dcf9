// GET /stories/{storyId}/catalog: what the story's members need to browse items, add instances and calculate in the browser.
import { storyCatalogSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { storyParams } from '../common/params';
import { getStoryCatalog } from './story-catalog.service';

export function storyCatalogRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/stories/:storyId/catalog',
      {
        schema: {
          tags: ['stories'],
          summary:
            'The story’s catalog: groups, phases, roles with the story’s unit prices and the published items (any member)',
          params: storyParams,
          response: { 200: storyCatalogSchema },
        },
      },
      async (request) => getStoryCatalog(deps, requireUser(request), request.params.storyId),
    );
    done();
  };
}
