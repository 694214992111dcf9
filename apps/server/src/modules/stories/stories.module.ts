// The story context's routes under /api/v1 (decision 0022): stories, their instances (and their spreadsheet), labels, calculation, events, members, invites, access codes, lineups, versions, item upgrades and the live stream.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessCodesRoutes } from './access-codes/access-codes.routes';
import { calculationRoutes } from './calculation/calculation.routes';
import { defineRecalculationJob } from './calculation/recalculate';
import { storyCatalogRoutes } from './catalog/story-catalog.routes';
import type { StoryDeps } from './common/deps';
import { storyEventsRoutes } from './events/events.routes';
import { instancesRoutes } from './instances/instances.routes';
import { instanceSheetRoutes } from './instances/sheet/instance-sheet.routes';
import { storyInvitesRoutes } from './invites/invites.routes';
import { storyLabelsRoutes } from './labels/labels.routes';
import { lineupsRoutes } from './lineups/lineups.routes';
import { storyLiveRoutes } from './live/live.routes';
import { storyMembersRoutes } from './members/members.routes';
import { storiesRoutes } from './stories/stories.routes';
import { storyUpgradesRoutes } from './upgrades/upgrades.routes';
import { storyVersionsRoutes } from './versions/versions.routes';

/** The app's one calculation thread and its kept versions: the exports calculate comparisons with them too. */
export type StoryModuleOptions = Pick<StoryDeps, 'calculations' | 'versionReads'>;

export const storyModuleRoutes: FastifyPluginAsyncZod<StoryModuleOptions> = async (
  app,
  { calculations, versionReads },
) => {
  const deps: StoryDeps = {
    db: app.db,
    mail: app.mail,
    publicOrigin: app.config.publicOrigin,
    calculations,
    versionReads,
  };
  defineRecalculationJob(app.jobs, app.db);
  await app.register(storiesRoutes(deps));
  await app.register(instancesRoutes(deps));
  await app.register(instanceSheetRoutes(deps));
  await app.register(storyLabelsRoutes(deps));
  await app.register(storyCatalogRoutes(deps));
  await app.register(calculationRoutes(deps));
  await app.register(storyEventsRoutes(deps));
  await app.register(storyMembersRoutes(deps));
  await app.register(storyInvitesRoutes(deps));
  await app.register(accessCodesRoutes(deps));
  await app.register(lineupsRoutes(deps));
  await app.register(storyVersionsRoutes(deps));
  await app.register(storyUpgradesRoutes(deps));
  await app.register(storyLiveRoutes());
};
