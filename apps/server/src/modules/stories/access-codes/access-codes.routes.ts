// Access code endpoints: GET /access-codes/{code} (public) and POST /access-codes/{code}/acceptance (signed in), both rate-limited per client address.
import { accessCodeAcceptanceSchema, accessCodeSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { accessCodeParams } from '../common/params';
import { acceptAccessCode, describeAccessCode } from './access-codes.service';

/**
 * Requests per client address and minute on each route: plenty for a person opening a link,
 * useless for trying codes (design.md: codes are unguessable and rate-limited). Beyond it,
 * 429 RATE_LIMITED with Retry-After.
 */
export const ACCESS_CODE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export function accessCodesRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const tags = ['access codes'];

    app.get(
      '/access-codes/:code',
      {
        schema: {
          tags,
          summary:
            'What an invite code leads to (public): VALID with the story’s name and role, EXPIRED, REVOKED (also a used e-mail invite) or UNKNOWN; 429 beyond 30 requests a minute per address',
          params: accessCodeParams,
          response: { 200: accessCodeSchema },
        },
        config: { public: true, rateLimit: ACCESS_CODE_RATE_LIMIT },
      },
      async (request) => describeAccessCode(deps, request.params.code),
    );

    app.post(
      '/access-codes/:code/acceptance',
      {
        schema: {
          tags,
          summary:
            'Accepts an invite: the caller becomes a member with its role (an existing role is never lowered) and gets the story id; 404 unknown code, 410 INVITE_GONE expired/revoked/used, 403 INVITE_EMAIL_MISMATCH; rate-limited per address',
          params: accessCodeParams,
          response: { 200: accessCodeAcceptanceSchema },
        },
        config: { rateLimit: ACCESS_CODE_RATE_LIMIT },
      },
      async (request) => acceptAccessCode(deps, requireUser(request), request.params.code),
    );
    done();
  };
}
