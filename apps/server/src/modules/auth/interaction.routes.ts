// The provider's interaction endpoints for the SPA's login form (decision 0009): redirect to /login, tell the form what is asked, take the e-mail and password.
import { interactionDetailsSchema, loginResultSchema, loginSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { AUTH_MOUNT_PATH } from './oidc-provider';
import {
  findInteraction,
  finishLogin,
  grantConsent,
  interactionDetails,
  loadInteraction,
} from './interaction.service';
import { LOGIN_FIELD_LABELS } from './field-labels';

const params = z.object({ uid: z.string().min(1).max(100) });

export const interactionRoutes: FastifyPluginCallbackZod<{ provider: Provider }> = (
  app,
  { provider },
  done,
) => {
  const base = `${AUTH_MOUNT_PATH}/interaction/:uid`;
  // Sign-in answers (the demo password, where the browser goes next) must not be cached.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    base,
    {
      schema: {
        tags: ['sign-in'],
        summary:
          'Where the provider sends the browser to sign in: 303 to /login?interaction={uid} (to /login when the interaction expired), or on to the client when only consent is asked (given implicitly)',
        params,
      },
    },
    async (request, reply) => {
      const interaction = await findInteraction(provider, request, reply, request.params.uid);
      // A browser lands here: an expired interaction sends it to /login, which starts afresh.
      if (!interaction) return reply.redirect('/login', 303);
      if (interaction.prompt.name === 'consent') {
        return reply.redirect(await grantConsent(provider, request, reply, interaction), 303);
      }
      return reply.redirect(`/login?interaction=${encodeURIComponent(interaction.uid)}`, 303);
    },
  );

  app.get(
    `${base}/details`,
    {
      schema: {
        tags: ['sign-in'],
        summary:
          'What the sign-in service asks of the login form (404 when the interaction expired)',
        params,
        response: { 200: interactionDetailsSchema },
      },
    },
    async (request, reply) => {
      const interaction = await loadInteraction(provider, request, reply, request.params.uid);
      return interactionDetails(app.db, interaction, app.config.nodeEnv);
    },
  );

  app.post(
    `${base}/login`,
    {
      schema: {
        tags: ['sign-in'],
        summary:
          'Signs in with e-mail and password; 401 INVALID_CREDENTIALS, 403 EMAIL_NOT_VERIFIED, 429 RATE_LIMITED',
        params,
        body: loginSchema,
        response: { 200: loginResultSchema },
      },
      config: { fieldLabels: LOGIN_FIELD_LABELS },
    },
    async (request, reply) => {
      // Only the browser that started the sign-in (it holds the interaction cookie) may finish it.
      await loadInteraction(provider, request, reply, request.params.uid);
      const redirectTo = await finishLogin(
        app.db,
        provider,
        request,
        reply,
        request.body,
        app.config.publicOrigin,
      );
      return { redirectTo };
    },
  );
  done();
};
