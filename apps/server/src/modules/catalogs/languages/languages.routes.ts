// GET /api/v1/languages: the languages a catalog may support, each named in English and Czech.
import { CATALOG_LANGUAGES, languageOptionSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const languagesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/languages',
    {
      schema: {
        tags: ['catalogs'],
        summary: 'Languages a catalog may support (the shared CATALOG_LANGUAGES)',
        response: { 200: z.array(languageOptionSchema) },
      },
    },
    () => [...CATALOG_LANGUAGES],
  );
  done();
};
