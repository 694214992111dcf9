// Member endpoints: GET and POST (invite by e-mail) /catalogs/{catalogId}/members, PUT (role, description) and DELETE /catalogs/{catalogId}/members/{memberId}, POST …/{memberId}/resend.
import { memberInviteSchema, memberSchema, memberUpdateSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import { localeFromAcceptLanguage } from '../../../plugins/errors';
import type { CatalogDeps } from '../common/deps';
import { MEMBER_FIELD_LABELS } from '../common/field-labels';
import { catalogParams, memberParams } from '../common/params';
import {
  inviteMember,
  listMembers,
  removeMember,
  resendInvitation,
  updateMember,
} from './members.service';

export function membersRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: MEMBER_FIELD_LABELS };

    app.get(
      '/catalogs/:catalogId/members',
      {
        schema: {
          tags: ['catalog members'],
          summary: 'Members and pending invitations (members of the catalog only)',
          params: catalogParams,
          response: { 200: z.array(memberSchema) },
        },
      },
      async (request) => listMembers(deps, requireUser(request), request.params.catalogId),
    );

    app.post(
      '/catalogs/:catalogId/members',
      {
        schema: {
          tags: ['catalog members'],
          summary:
            'Invites by e-mail with a role (CTL_ADMIN): a pending invitation, mailed with a link to accept; the same answer whether or not the address has an account; 409 already a member or invited; 429 beyond 20 invitation mails an hour per inviter',
          params: catalogParams,
          body: memberInviteSchema,
          response: { 201: memberSchema },
        },
        config,
      },
      async (request, reply) => {
        const member = await inviteMember(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.body,
          { locale: localeFromAcceptLanguage(request.headers['accept-language']) },
        );
        return reply.code(201).send(member);
      },
    );

    app.post(
      '/catalogs/:catalogId/members/:memberId/resend',
      {
        schema: {
          tags: ['catalog members'],
          summary:
            'Mails a pending invitation again with a new link, the earlier ones stop working (CTL_ADMIN); 409 once accepted; 429 as for invitations',
          params: memberParams,
          response: { 200: memberSchema },
        },
      },
      async (request) =>
        resendInvitation(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.memberId,
          { locale: localeFromAcceptLanguage(request.headers['accept-language']) },
        ),
    );

    app.put(
      '/catalogs/:catalogId/members/:memberId',
      {
        schema: {
          tags: ['catalog members'],
          summary:
            'Changes a member’s or a pending invitation’s role and description (CTL_ADMIN; a description left out stays); 409 when it would remove the last admin',
          params: memberParams,
          body: memberUpdateSchema,
          response: { 200: memberSchema },
        },
        config,
      },
      async (request) =>
        updateMember(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.memberId,
          request.body,
        ),
    );

    app.delete(
      '/catalogs/:catalogId/members/:memberId',
      {
        schema: {
          tags: ['catalog members'],
          summary: 'Removes a member or cancels an invitation (CTL_ADMIN); 409 for the last admin',
          params: memberParams,
        },
      },
      async (request, reply) => {
        await removeMember(
          deps,
          requireUser(request),
          request.params.catalogId,
          request.params.memberId,
        );
        return reply.code(204).send();
      },
    );
    done();
  };
}
