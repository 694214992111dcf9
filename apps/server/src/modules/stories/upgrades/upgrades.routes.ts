// Deliberate catalog upgrade endpoints (decision 0043): GET /stories/{storyId}/upgrades, PUT …/pinning and POST …/upgrades.
import { storyPinningSchema, storyUpgradeSchema, storyUpgradesSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/authentication';
import type { StoryDeps } from '../common/deps';
import { UPGRADE_FIELD_LABELS } from '../common/field-labels';
import { storyParams } from '../common/params';
import { getUpgrades, setPinning, upgradeItems } from './upgrades.service';

export function storyUpgradesRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const tags = ['story upgrades'];

    app.get(
      '/stories/:storyId/upgrades',
      {
        schema: {
          tags,
          summary:
            'Whether the story pins its item versions, and the items it uses at a version older than their latest published one, with both versions and how many instances each has; none when the story does not pin (any member)',
          params: storyParams,
          response: { 200: storyUpgradesSchema },
        },
      },
      async (request) => getUpgrades(deps, requireUser(request), request.params.storyId),
    );

    app.put(
      '/stories/:storyId/pinning',
      {
        schema: {
          tags,
          summary:
            'Pins the story’s item versions (a newly published item version then waits for an upgrade instead of changing the story; items added later are pinned at their latest version) or drops the pins (the story is recalculated with the latest versions at once). Event ITEM_PINNING_CHANGED when it changed; 409 CONFLICT when the catalog is deleted (ICT_ADMIN, ICT_MODELER)',
          params: storyParams,
          body: storyPinningSchema,
          response: { 200: storyUpgradesSchema },
        },
        config: { fieldLabels: UPGRADE_FIELD_LABELS },
      },
      async (request) =>
        setPinning(deps, requireUser(request), request.params.storyId, request.body),
    );

    app.post(
      '/stories/:storyId/upgrades',
      {
        schema: {
          tags,
          summary:
            'Moves the named items (every waiting one without `itemIds`) to their latest published version, all their instances together, and recalculates the story; items with nothing waiting are left as they are. Event ITEMS_UPGRADED; 409 CONFLICT when the catalog is deleted (ICT_ADMIN, ICT_MODELER)',
          params: storyParams,
          body: storyUpgradeSchema,
          response: { 200: storyUpgradesSchema },
        },
        config: { fieldLabels: UPGRADE_FIELD_LABELS },
      },
      async (request) =>
        upgradeItems(deps, requireUser(request), request.params.storyId, request.body),
    );

    done();
  };
}
