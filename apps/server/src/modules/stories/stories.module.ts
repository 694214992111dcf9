// The story context's routes under /api/v1 (decision 0022): stories, their instances, labels, calculation and events.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculationRoutes } from './calculation/calculation.routes';
import { storyCatalogRoutes } from './catalog/story-catalog.routes';
import type { StoryDeps } from './common/deps';
import { storyEventsRoutes } from './events/events.routes';
import { instancesRoutes } from './instances/instances.routes';
import { storyLabelsRoutes } from './labels/labels.routes';
import { storiesRoutes } from './stories/stories.routes';

export const storyModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: StoryDeps = { db: app.db, mail: app.mail, publicOrigin: app.config.publicOrigin };
  await app.register(storiesRoutes(deps));
  await app.register(instancesRoutes(deps));
  await app.register(storyLabelsRoutes(deps));
  await app.register(storyCatalogRoutes(deps));
  await app.register(calculationRoutes(deps));
  await app.register(storyEventsRoutes(deps));
};
