// GET /api/v1/meta: facts about this installation the SPA needs before sign-in (version, demo login, sign-in settings).
import { metaSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serverVersion } from '../../paths';
import { getMeta } from './meta.service';

export const metaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/meta',
    {
      schema: {
        tags: ['system'],
        summary: 'Version, demo sign-in and where the SPA signs in (public)',
        response: { 200: metaSchema },
      },
      config: { public: true },
    },
    async () =>
      getMeta(app.db, {
        nodeEnv: app.config.nodeEnv,
        version: serverVersion(),
        auth: await app.signIn.authConfig(),
      }),
  );
  done();
};
