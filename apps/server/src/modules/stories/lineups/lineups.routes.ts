// Lineup endpoints: GET and POST /stories/{storyId}/lineups, GET, PUT and DELETE …/lineups/{lineupId}, and the partner companies a lineup may use.
import {
  lineupFieldsSchema,
  lineupPricingSchema,
  lineupSchema,
  lineupUpdateSchema,
  pageSchema,
  partnerCompanyListQuerySchema,
  partnerCompanySchema,
  quoteCreateSchema,
  quoteSchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../lib/params';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { LINEUP_FIELD_LABELS, QUOTE_FIELD_LABELS } from '../common/field-labels';
import { lineupParams, storyParams } from '../common/params';
import {
  createLineup,
  deleteLineup,
  getLineupPricing,
  getLineupSupplierPrices,
  listLineupPartners,
  listLineups,
  updateLineup,
} from './lineups.service';
import { issueQuote, listQuotes } from './quotes.service';

export function lineupsRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const config = { fieldLabels: LINEUP_FIELD_LABELS };
    const tags = ['story lineups'];

    app.get(
      '/stories/:storyId/lineups',
      {
        schema: {
          tags,
          summary:
            'The story’s lineups by name, each with the story’s main and optional totals priced with its unit prices (ICT_ADMIN, ICT_MODELER, ICT_VERIFIER, ICT_CUSTOMER)',
          params: storyParams,
          response: { 200: z.array(lineupSchema) },
        },
      },
      async (request) => listLineups(deps, requireUser(request), request.params.storyId),
    );

    app.post(
      '/stories/:storyId/lineups',
      {
        schema: {
          tags,
          summary:
            'Creates a lineup: a supplier and a subscriber of the story’s company (another company’s: 404) and custom prices per catalog role (ICT_ADMIN, ICT_MODELER)',
          params: storyParams,
          body: lineupFieldsSchema,
          response: { 201: lineupPricingSchema },
        },
        config,
      },
      async (request, reply) => {
        const lineup = await createLineup(
          deps,
          requireUser(request),
          request.params.storyId,
          request.body,
        );
        return reply.code(201).send(lineup);
      },
    );

    app.get(
      '/stories/:storyId/lineups/:lineupId',
      {
        schema: {
          tags,
          summary:
            'One lineup priced role by role: amount, catalog, supplier and custom prices, the unit price used and its source (CUSTOM, SUPPLIER, CATALOG), price; totals',
          params: lineupParams,
          response: { 200: lineupPricingSchema },
        },
      },
      async (request) =>
        getLineupPricing(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.lineupId,
        ),
    );

    app.put(
      '/stories/:storyId/lineups/:lineupId',
      {
        schema: {
          tags,
          summary:
            'Updates a lineup; its custom prices are replaced as a whole; a stale version is 409 (ICT_ADMIN, ICT_MODELER)',
          params: lineupParams,
          body: lineupUpdateSchema,
          response: { 200: lineupPricingSchema },
        },
        config,
      },
      async (request) =>
        updateLineup(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.lineupId,
          request.body,
        ),
    );

    app.delete(
      '/stories/:storyId/lineups/:lineupId',
      {
        schema: {
          tags,
          summary: 'Deletes a lineup (ICT_ADMIN, ICT_MODELER)',
          params: lineupParams,
        },
      },
      async (request, reply) => {
        await deleteLineup(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.lineupId,
        );
        return reply.code(204).send();
      },
    );

    app.get(
      '/stories/:storyId/lineup-partners',
      {
        schema: {
          tags,
          summary:
            'Suppliers or subscribers of the story’s company that a lineup may use, searched and paged like /partner-companies (ICT_ADMIN, ICT_MODELER)',
          params: storyParams,
          querystring: partnerCompanyListQuerySchema,
          response: { 200: pageSchema(partnerCompanySchema) },
        },
        config,
      },
      async (request) =>
        listLineupPartners(deps, requireUser(request), request.params.storyId, request.query),
    );

    app.get(
      '/stories/:storyId/lineup-partners/:partnerId/prices',
      {
        schema: {
          tags,
          summary:
            'A supplier’s prices of the story’s catalog roles, for the lineup form (ICT_ADMIN, ICT_MODELER); a subscriber or another company’s partner is 404',
          params: storyParams.extend({ partnerId: idParam }),
          response: { 200: z.array(z.object({ roleId: z.number().int(), price: z.string() })) },
        },
      },
      async (request) =>
        getLineupSupplierPrices(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.partnerId,
        ),
    );

    app.post(
      '/stories/:storyId/lineups/:lineupId/quotes',
      {
        schema: {
          tags,
          summary:
            'Issues a quote for the lineup as priced now: numbered from the story company’s counter ("2026-0001"), issued today in the caller’s time zone, with VAT (ICT_ADMIN, ICT_MODELER)',
          params: lineupParams,
          body: quoteCreateSchema,
          response: { 201: quoteSchema },
        },
        config: { fieldLabels: QUOTE_FIELD_LABELS },
      },
      async (request, reply) => {
        const quote = await issueQuote(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.lineupId,
          request.body,
        );
        return reply.code(201).send(quote);
      },
    );

    app.get(
      '/stories/:storyId/lineups/:lineupId/quotes',
      {
        schema: {
          tags,
          summary:
            'The lineup’s issued quotes, oldest first (ICT_ADMIN, ICT_MODELER, ICT_VERIFIER, ICT_CUSTOMER)',
          params: lineupParams,
          response: { 200: z.array(quoteSchema) },
        },
      },
      async (request) =>
        listQuotes(deps, requireUser(request), request.params.storyId, request.params.lineupId),
    );
    done();
  };
}
