// Story member endpoints: GET /stories/{storyId}/members, PUT and DELETE …/members/{memberId}.
import { storyMemberSchema, storyMemberUpdateSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { STORY_MEMBER_FIELD_LABELS } from '../common/field-labels';
import { storyMemberParams, storyParams } from '../common/params';
import { listStoryMembers, removeStoryMember, updateStoryMember } from './members.service';

export function storyMembersRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const tags = ['story members'];

    app.get(
      '/stories/:storyId/members',
      {
        schema: {
          tags,
          summary: 'The story’s members with name, e-mail, company and role (any member)',
          params: storyParams,
          response: { 200: z.array(storyMemberSchema) },
        },
      },
      async (request) => listStoryMembers(deps, requireUser(request), request.params.storyId),
    );

    app.put(
      '/stories/:storyId/members/:memberId',
      {
        schema: {
          tags,
          summary:
            'Changes a member’s role and description (ICT_ADMIN); 409 LAST_STORY_ADMIN when it would demote the last admin',
          params: storyMemberParams,
          body: storyMemberUpdateSchema,
          response: { 200: storyMemberSchema },
        },
        config: { fieldLabels: STORY_MEMBER_FIELD_LABELS },
      },
      async (request) =>
        updateStoryMember(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.memberId,
          request.body,
        ),
    );

    app.delete(
      '/stories/:storyId/members/:memberId',
      {
        schema: {
          tags,
          summary: 'Removes a member (ICT_ADMIN); 409 LAST_STORY_ADMIN for the last admin',
          params: storyMemberParams,
        },
      },
      async (request, reply) => {
        await removeStoryMember(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.memberId,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
