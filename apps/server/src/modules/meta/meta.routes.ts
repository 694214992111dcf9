// GET /api/v1/meta: facts about this installation the SPA shows before sign-in (version, demo login).
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serverVersion } from '../../paths';
import { metaSchema } from './meta.schemas';
import { getMeta } from './meta.service';

export const metaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/meta',
    {
      schema: {
        tags: ['system'],
        summary: 'Version and whether this installation runs on demo data',
        response: { 200: metaSchema },
      },
    },
    async () => getMeta(app.db, { nodeEnv: app.config.nodeEnv, version: serverVersion() }),
  );
  done();
};
