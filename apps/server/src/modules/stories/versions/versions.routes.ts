// Story version endpoints (decision 0042): POST and GET /stories/{storyId}/versions, GET and DELETE …/versions/{versionId}, the version's lineups, GET …/versions/compare, and POST …/versions/{versionId}/restore and …/copy.
import {
  lineupPricingSchema,
  lineupSchema,
  storySchema,
  storyVersionCopySchema,
  storyVersionRestoreSchema,
  storyVersionRestoredSchema,
  storyVersionComparisonSchema,
  storyVersionCreateSchema,
  storyVersionDetailSchema,
  storyVersionSchema,
  versionComparisonQuerySchema,
  type StoryVersionDetail,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/authentication';
import { localeFromAcceptLanguage } from '../../../plugins/errors';
import type { StoryDeps } from '../common/deps';
import { STORY_FIELD_LABELS, VERSION_FIELD_LABELS } from '../common/field-labels';
import { storyParams, versionLineupParams, versionParams } from '../common/params';
import {
  compareVersions,
  deleteVersion,
  freezeVersion,
  getVersionJson,
  getVersionLineup,
  listVersionLineups,
  listVersions,
} from './versions.service';
import { copyVersion, restoreVersion } from './version-restore.service';

export function storyVersionsRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const tags = ['story versions'];

    app.post(
      '/stories/:storyId/versions',
      {
        schema: {
          tags,
          summary:
            'Freezes the story as it is now under a name unique within the story (400 VALIDATION_FAILED, rule story_version_name_taken, when another version has it) with an optional note: its instances, the item versions, role prices and lineups they are priced with, and its totals; formula errors are kept (ICT_ADMIN, ICT_MODELER)',
          params: storyParams,
          body: storyVersionCreateSchema,
          response: { 201: storyVersionSchema },
        },
        config: { fieldLabels: VERSION_FIELD_LABELS },
      },
      async (request, reply) => {
        const version = await freezeVersion(
          deps,
          requireUser(request),
          request.params.storyId,
          request.body,
        );
        return reply.code(201).send(version);
      },
    );

    app.get(
      '/stories/:storyId/versions',
      {
        schema: {
          tags,
          summary:
            'The story’s versions, newest first: name, note, author, date and totals as frozen; prices are null for a member without READ_MARGINS (any member)',
          params: storyParams,
          response: { 200: z.array(storyVersionSchema) },
        },
      },
      async (request) => listVersions(deps, requireUser(request), request.params.storyId),
    );

    // A path of its own beside …/versions/{versionId}: the router prefers the static segment.
    app.get(
      '/stories/:storyId/versions/compare',
      {
        schema: {
          tags,
          summary:
            'Compares two versions, or a version and the live story (`from` and `to`: a version id or `live`; the same side twice answers no differences): totals, roles and phases of each side with the difference (to minus from, exact cents), and the instances added, removed and changed (values, level, optional flag, labels, item version, figures) with the reasons a changed one differs: EDIT, ITEM_VERSION (another published version of its item), ROLE_PRICE (a role it is priced with has another price or unit); prices null without READ_MARGINS (any member; a version of another story is 404)',
          params: storyParams,
          querystring: versionComparisonQuerySchema,
          response: { 200: storyVersionComparisonSchema },
        },
      },
      async (request) =>
        compareVersions(deps, requireUser(request), request.params.storyId, request.query),
    );

    app.get(
      '/stories/:storyId/versions/:versionId',
      {
        schema: {
          tags,
          summary:
            'One version with its summaries (the same answer as GET …/calculation, calculated from what the version froze, whatever changed since) and the names of its roles, groups, phases, items, labels and instances as they were (any member; a version of another story is 404)',
          params: versionParams,
          response: { 200: storyVersionDetailSchema },
        },
      },
      async (request, reply) => {
        const json = await getVersionJson(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.versionId,
        );
        // Sent as it is, as the live summary is (Fastify sends text without serializing it): the
        // schema documents the answer. The type provider only knows the object.
        return reply
          .type('application/json; charset=utf-8')
          .send(json as unknown as StoryVersionDetail);
      },
    );

    app.delete(
      '/stories/:storyId/versions/:versionId',
      {
        schema: {
          tags,
          summary: 'Deletes a version; the story’s history records who did (ICT_ADMIN)',
          params: versionParams,
        },
      },
      async (request, reply) => {
        await deleteVersion(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.versionId,
        );
        return reply.code(204).send();
      },
    );

    app.get(
      '/stories/:storyId/versions/:versionId/lineups',
      {
        schema: {
          tags,
          summary:
            'The version’s lineups by name, priced as they were frozen, as GET …/lineups answers the live ones (ICT_ADMIN, ICT_MODELER, ICT_VERIFIER, ICT_CUSTOMER: the lineups shared with them then)',
          params: versionParams,
          response: { 200: z.array(lineupSchema) },
        },
      },
      async (request) =>
        listVersionLineups(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.versionId,
        ),
    );

    app.get(
      '/stories/:storyId/versions/:versionId/lineups/:lineupId',
      {
        schema: {
          tags,
          summary:
            'One of the version’s lineups priced role by role, as GET …/lineups/{lineupId} answers a live one',
          params: versionLineupParams,
          response: { 200: lineupPricingSchema },
        },
      },
      async (request) =>
        getVersionLineup(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.versionId,
          request.params.lineupId,
        ),
    );
    app.post(
      '/stories/:storyId/versions/:versionId/restore',
      {
        schema: {
          tags,
          summary:
            'Puts the story’s instances and labels back to the version (ICT_ADMIN, ICT_MODELER): under the story’s lock, when `contentVersion` is still the story’s (else 409 STORY_CHANGED_SINCE), the live state is first frozen as a version named “Before restoring “…”” in the caller’s language (" (2)"… when taken), then instances (item, name, description, level, values, optional flag, labels) and labels (title, colour; deleted ones created again) become the version’s, keeping their ids, and the story is recalculated with the catalog as it is now; lineups, members and settings stay. Instances of items retired since are restored and listed in `retiredItems`; 409 CONFLICT when the catalog is deleted. Event VERSION_RESTORED',
          params: versionParams,
          body: storyVersionRestoreSchema,
          response: { 200: storyVersionRestoredSchema },
        },
        config: { fieldLabels: VERSION_FIELD_LABELS },
      },
      async (request) =>
        restoreVersion(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.versionId,
          request.body,
          localeFromAcceptLanguage(request.headers['accept-language']),
        ),
    );

    app.post(
      '/stories/:storyId/versions/:versionId/copy',
      {
        schema: {
          tags,
          summary:
            'Starts a new DRAFT story of the same company and catalog from the version: its labels and instances, recalculated with the catalog as it is now, and the story’s description; the caller becomes ICT_ADMIN. The rules of copying a story: a member of the owner company who may build on the catalog (any role); 409 STORY_NAME_TAKEN when the company has the name',
          params: versionParams,
          body: storyVersionCopySchema,
          response: { 201: storySchema },
        },
        config: { fieldLabels: STORY_FIELD_LABELS },
      },
      async (request, reply) => {
        const story = await copyVersion(
          deps,
          requireUser(request),
          request.params.storyId,
          request.params.versionId,
          request.body,
        );
        return reply.code(201).send(story);
      },
    );
    done();
  };
}
