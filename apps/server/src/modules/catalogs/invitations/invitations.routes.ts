// Catalog invitation endpoints: GET /catalog-invitations/{code} (public) and POST /catalog-invitations/{code}/acceptance (signed in), both rate-limited per client address.
import { catalogInvitationAcceptanceSchema, catalogInvitationSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import type { CatalogDeps } from '../common/deps';
import { acceptInvitation, describeInvitation } from './invitations.service';

/** As for story access codes: plenty for a person opening a link, useless for trying codes. */
const INVITATION_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

// Any text: what is not a code of ours is simply unknown. Fastify refuses path parameters over
// 100 characters before this runs.
const invitationParams = z.object({ code: z.string().min(1).max(100) });

export function invitationsRoutes(deps: CatalogDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const tags = ['catalog invitations'];

    app.get(
      '/catalog-invitations/:code',
      {
        schema: {
          tags,
          summary:
            'What a catalog invitation’s code offers (public): VALID with the catalog’s name and role, or UNKNOWN (also once accepted or cancelled); 429 beyond 30 requests a minute per address',
          params: invitationParams,
          response: { 200: catalogInvitationSchema },
        },
        config: { public: true, rateLimit: INVITATION_RATE_LIMIT },
      },
      async (request) => describeInvitation(deps, request.params.code),
    );

    app.post(
      '/catalog-invitations/:code/acceptance',
      {
        schema: {
          tags,
          summary:
            'Accepts a catalog invitation: the caller (signed in with the invited address) becomes a member with its role; 404 unknown, accepted or cancelled, 403 INVITE_EMAIL_MISMATCH; rate-limited per address',
          params: invitationParams,
          response: { 200: catalogInvitationAcceptanceSchema },
        },
        config: { rateLimit: INVITATION_RATE_LIMIT },
      },
      async (request) => acceptInvitation(deps, requireUser(request), request.params.code),
    );
    done();
  };
}
