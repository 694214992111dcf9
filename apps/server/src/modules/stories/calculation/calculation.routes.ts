// GET /api/v1/stories/{storyId}/calculation: the story's summaries (totals by role, phase, group, label and instance) and errors.
import { storyCalculationSchema, type StoryCalculationDto } from '@costory/shared';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { storyParams } from '../common/params';
import { CalculationStore } from './calculation-store';
import { storyCalculationAnswer } from './calculation.service';

/** Stored answers of one process: 10,000 instances make about 0.9 MB of JSON. */
const STORE_BYTES = 64 * 1024 * 1024;

export function calculationRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const store = new CalculationStore(STORE_BYTES);
    app.get(
      '/stories/:storyId/calculation',
      {
        schema: {
          tags: ['story calculation'],
          summary:
            'The story calculated with each item’s latest published version and the catalog’s role prices: main and optional totals, totals by role, phase, catalog group (with sub-groups), label and instance, and the formula errors (any member)',
          params: storyParams,
          response: {
            200: storyCalculationSchema,
            304: z.void().describe('Not modified: the ETag in If-None-Match is still current'),
          },
        },
      },
      async (request, reply) => {
        const answer = await storyCalculationAnswer(
          deps,
          store,
          requireUser(request),
          request.params.storyId,
          request.headers['if-none-match'],
        );
        // Kept by the browser, and asked again with If-None-Match each time it is shown.
        reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
        // No body at all: a serialized null would go out as "null" with a Content-Length.
        if (answer.notModified) return reply.code(304).send();
        // The stored JSON goes out as it is (Fastify sends bytes without serializing them): the
        // schema documents the answer, and checking 10,000 instance totals against it on the way
        // out would take several times the calculation. The type provider only knows the object.
        const json = answer.body as unknown as StoryCalculationDto;
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
    done();
  };
}
