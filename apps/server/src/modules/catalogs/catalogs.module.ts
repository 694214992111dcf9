// The catalogue context's routes under /api/v1: catalogs and everything below one (decision 0011), and the language list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogsRoutes } from './catalogs/catalogs.routes';
import { clientsRoutes } from './clients/clients.routes';
import type { CatalogDeps } from './common/deps';
import { eventsRoutes } from './events/events.routes';
import { formulasRoutes } from './formulas/formulas.routes';
import { groupsRoutes } from './groups/groups.routes';
import { invitationsRoutes } from './invitations/invitations.routes';
import { itemsRoutes } from './items/items.routes';
import { labelsRoutes } from './labels/labels.routes';
import { languagesRoutes } from './languages/languages.routes';
import { membersRoutes } from './members/members.routes';
import { phasesRoutes } from './phases/phases.routes';
import { rolesRoutes } from './roles/roles.routes';
import { transferRoutes } from './transfer/transfer.routes';

export const catalogModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CatalogDeps = {
    db: app.db,
    mail: app.mail,
    jobs: app.jobs,
    publicOrigin: app.config.publicOrigin,
  };
  await app.register(languagesRoutes);
  await app.register(catalogsRoutes(deps));
  await app.register(groupsRoutes(deps));
  await app.register(phasesRoutes(deps));
  await app.register(rolesRoutes(deps));
  await app.register(labelsRoutes(deps));
  await app.register(itemsRoutes(deps));
  await app.register(formulasRoutes(deps));
  await app.register(membersRoutes(deps));
  await app.register(invitationsRoutes(deps));
  await app.register(clientsRoutes(deps));
  await app.register(eventsRoutes(deps));
  await app.register(transferRoutes(deps));
};
