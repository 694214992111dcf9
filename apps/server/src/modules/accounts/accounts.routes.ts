// Public account endpoints: POST /api/v1/registrations, POST /api/v1/email-confirmations and …/resend.
import {
  emailConfirmationResendSchema,
  emailConfirmationResultSchema,
  emailConfirmationSchema,
  registrationResultSchema,
  registrationSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from '../../plugins/errors';
import {
  confirmEmail,
  registerCompany,
  resendConfirmation,
  type AccountsDeps,
  type RequestContext,
} from './accounts.service';
import { CONFIRMATION_FIELD_LABELS, REGISTRATION_FIELD_LABELS } from './field-labels';

function contextOf(request: FastifyRequest): RequestContext {
  return {
    locale: localeFromAcceptLanguage(request.headers['accept-language']),
    ipAddress: request.ip,
  };
}

export const accountsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps: AccountsDeps = {
    db: app.db,
    mail: app.mail,
    publicOrigin: app.config.publicOrigin,
    registrationsPerClient: app.config.registrationsPerClient,
  };

  app.post(
    '/registrations',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Registers a company and its first (unverified) user and mails the confirmation; the same 201 for an address that has an account (nothing is created, its owner is mailed); 429 RATE_LIMITED beyond 3 registrations or resends per address or REGISTRATIONS_PER_CLIENT (20) per client an hour',
        body: registrationSchema,
        response: { 201: registrationResultSchema },
      },
      config: { public: true, fieldLabels: REGISTRATION_FIELD_LABELS },
    },
    async (request, reply) => {
      const result = await registerCompany(deps, request.body, contextOf(request));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/email-confirmations',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Confirms an e-mail address by {code} or {email, oneTimeCode}; 400 CONFIRMATION_FAILED or CONFIRMATION_CODE_MISSING',
        body: emailConfirmationSchema,
        response: { 200: emailConfirmationResultSchema },
      },
      config: { public: true, fieldLabels: CONFIRMATION_FIELD_LABELS },
    },
    async (request) => confirmEmail(deps, request.body, contextOf(request)),
  );

  app.post(
    '/email-confirmations/resend',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Mails a new confirmation to an unverified address; 202 with an empty body whether or not the address exists; 429 RATE_LIMITED beyond 3 registrations or resends per address or REGISTRATIONS_PER_CLIENT (20) per client an hour',
        body: emailConfirmationResendSchema,
      },
      config: { public: true, fieldLabels: CONFIRMATION_FIELD_LABELS },
    },
    async (request, reply) => {
      await resendConfirmation(deps, request.body.email, contextOf(request));
      return reply.code(202).send();
    },
  );

  done();
};
