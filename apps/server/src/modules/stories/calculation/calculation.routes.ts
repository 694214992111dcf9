// GET /api/v1/stories/{storyId}/calculation: the story's summaries (totals by role, phase, group, label and instance) and errors.
import { storyCalculationSchema, type StoryCalculationDto } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { storyParams } from '../common/params';
import { calculateStory } from './calculation.service';

function serializeCalculation(calculation: StoryCalculationDto): string {
  return JSON.stringify(calculation);
}

export function calculationRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/stories/:storyId/calculation',
      {
        schema: {
          tags: ['story calculation'],
          summary:
            'The story calculated with each item’s latest published version and the catalog’s role prices: main and optional totals, totals by role, phase, catalog group (with sub-groups), label and instance, and the formula errors (any member)',
          params: storyParams,
          response: { 200: storyCalculationSchema },
        },
      },
      async (request, reply) => {
        const calculation = await calculateStory(
          deps,
          requireUser(request),
          request.params.storyId,
        );
        // The schema documents the answer; checking 10,000 instance totals against it on the way
        // out would take several times the calculation itself, and the type already holds it.
        // A custom serializer leaves the content type to the route: without it the browser's API
        // client reads the answer as text and the summaries fail to load.
        return reply
          .type('application/json; charset=utf-8')
          .serializer(serializeCalculation)
          .send(calculation);
      },
    );
    done();
  };
}
