// Story invite endpoints (ICT_ADMIN): GET and POST /stories/{storyId}/invites, DELETE …/invites/{inviteId} (revoke).
import { storyInviteCreateSchema, storyInviteSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import { localeFromAcceptLanguage } from '../../../plugins/errors';
import type { StoryDeps } from '../common/deps';
import { STORY_INVITE_FIELD_LABELS } from '../common/field-labels';
import { storyInviteParams, storyParams } from '../common/params';
import { createStoryInvite, listStoryInvites, revokeStoryInvite } from './invites.service';

export function storyInvitesRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const tags = ['story invites'];

    app.get(
      '/stories/:storyId/invites',
      {
        schema: {
          tags,
          summary:
            'Every invite of the story, newest first, with its status (ACTIVE, ACCEPTED, EXPIRED, REVOKED) and /public-access link (ICT_ADMIN)',
          params: storyParams,
          response: { 200: z.array(storyInviteSchema) },
        },
      },
      async (request) => listStoryInvites(deps, requireUser(request), request.params.storyId),
    );

    app.post(
      '/stories/:storyId/invites',
      {
        schema: {
          tags,
          summary:
            'Creates an invite with a role (ICT_ADMIN): with `email` a single-use invite mailed in the caller’s language, without an invite link to copy; valid `expiresInDays`',
          params: storyParams,
          body: storyInviteCreateSchema,
          response: { 201: storyInviteSchema },
        },
        config: { fieldLabels: STORY_INVITE_FIELD_LABELS },
      },
      async (request, reply) => {
        const invite = await createStoryInvite(
          deps,
          requireUser(request),
          request.params.storyId,
          request.body,
          { locale: localeFromAcceptLanguage(request.headers['accept-language']) },
        );
        return reply.code(201).send(invite);
      },
    );

    app.delete(
      '/stories/:storyId/invites/:inviteId',
      {
        schema: {
          tags,
          summary:
            'Revokes an invite (ICT_ADMIN): its code answers REVOKED from then on; 204 also when it was no longer active',
          params: storyInviteParams,
        },
      },
      async (request, reply) => {
        await revokeStoryInvite(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.inviteId,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
