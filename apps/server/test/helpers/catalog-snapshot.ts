// Everything stored about one catalog, to assert that a refused request changed nothing at all.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import {
  catalogClients,
  catalogEvents,
  catalogGroups,
  catalogItemLabels,
  catalogItems,
  catalogLabels,
  catalogMembers,
  catalogPhases,
  catalogRoles,
  catalogs,
  itemAttributes,
  itemFormulas,
  outboxMails,
} from '../../src/db/schema';

export async function snapshotCatalog(db: Db, catalogId: number) {
  const items = await db
    .select()
    .from(catalogItems)
    .where(eq(catalogItems.catalogId, catalogId))
    .orderBy(asc(catalogItems.id));
  const itemIds = items.map((item) => item.id);
  const [mails] = await db.select({ value: count() }).from(outboxMails);
  return {
    catalog: await db.select().from(catalogs).where(eq(catalogs.id, catalogId)),
    members: await db
      .select()
      .from(catalogMembers)
      .where(eq(catalogMembers.catalogId, catalogId))
      .orderBy(asc(catalogMembers.id)),
    clients: await db
      .select()
      .from(catalogClients)
      .where(eq(catalogClients.catalogId, catalogId))
      .orderBy(asc(catalogClients.companyId)),
    groups: await db
      .select()
      .from(catalogGroups)
      .where(eq(catalogGroups.catalogId, catalogId))
      .orderBy(asc(catalogGroups.id)),
    phases: await db
      .select()
      .from(catalogPhases)
      .where(eq(catalogPhases.catalogId, catalogId))
      .orderBy(asc(catalogPhases.id)),
    roles: await db
      .select()
      .from(catalogRoles)
      .where(eq(catalogRoles.catalogId, catalogId))
      .orderBy(asc(catalogRoles.id)),
    labels: await db
      .select()
      .from(catalogLabels)
      .where(eq(catalogLabels.catalogId, catalogId))
      .orderBy(asc(catalogLabels.id)),
    items,
    itemLabels:
      itemIds.length === 0
        ? []
        : await db
            .select()
            .from(catalogItemLabels)
            .where(inArray(catalogItemLabels.itemId, itemIds))
            .orderBy(asc(catalogItemLabels.itemId), asc(catalogItemLabels.labelId)),
    attributes:
      itemIds.length === 0
        ? []
        : await db
            .select()
            .from(itemAttributes)
            .where(inArray(itemAttributes.itemId, itemIds))
            .orderBy(asc(itemAttributes.id)),
    formulas:
      itemIds.length === 0
        ? []
        : await db
            .select()
            .from(itemFormulas)
            .where(inArray(itemFormulas.itemId, itemIds))
            .orderBy(asc(itemFormulas.id)),
    events: await db
      .select()
      .from(catalogEvents)
      .where(eq(catalogEvents.catalogId, catalogId))
      .orderBy(asc(catalogEvents.id)),
    mails: mails?.value ?? 0,
  };
}
