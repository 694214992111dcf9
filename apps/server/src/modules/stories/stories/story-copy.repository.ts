// Copying a story's contents into a new story of the same company (decision 0031): labels, instances with their values, levels and labels, and on request lineups with custom prices and members.
import { asc, eq, inArray, ne, and, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  lineupRolePrices,
  lineupShares,
  stories,
  type StoryRow,
  storyInstanceLabels,
  storyInstances,
  storyItemPins,
  storyLabels,
  storyLineups,
  storyMembers,
} from '../../../db/schema';

/** Rows per insert statement of a copy (well under PostgreSQL's 65,535 parameters). */
const COPY_CHUNK = 1000;

/** Copies the labels; answers the new label id of each old one. */
export async function copyLabels(
  tx: Db,
  fromStoryId: number,
  toStoryId: number,
): Promise<Map<number, number>> {
  const labels = await tx
    .select()
    .from(storyLabels)
    .where(eq(storyLabels.storyId, fromStoryId))
    .orderBy(asc(storyLabels.id));
  const ids = new Map<number, number>();
  for (const label of labels) {
    const [row] = await tx
      .insert(storyLabels)
      .values({
        storyId: toStoryId,
        title: label.title,
        description: label.description,
        color: label.color,
      })
      .returning({ id: storyLabels.id });
    if (row) ids.set(label.id, row.id);
  }
  return ids;
}

/**
 * Copies the instances (item, name, description, optional, level, values, position and the
 * calculated figures) with their labels, mapped to the copied ones. Verification stays behind:
 * a verifier vouched for the source, not for the copy.
 */
export async function copyInstances(
  tx: Db,
  fromStoryId: number,
  toStoryId: number,
  labelIds: ReadonlyMap<number, number>,
): Promise<number> {
  const instances = await tx
    .select()
    .from(storyInstances)
    .where(eq(storyInstances.storyId, fromStoryId))
    .orderBy(asc(storyInstances.id));
  if (instances.length === 0) return 0;
  const links = await tx
    .select({ instanceId: storyInstanceLabels.instanceId, labelId: storyInstanceLabels.labelId })
    .from(storyInstanceLabels)
    .where(
      inArray(
        storyInstanceLabels.instanceId,
        instances.map((instance) => instance.id),
      ),
    );
  const labelsOf = new Map<number, number[]>();
  for (const link of links) {
    const labelId = labelIds.get(link.labelId);
    if (labelId === undefined) continue;
    labelsOf.set(link.instanceId, [...(labelsOf.get(link.instanceId) ?? []), labelId]);
  }
  // Multi-row inserts in chunks (a 10,000-instance story is ten statements, not ten thousand);
  // PostgreSQL returns the new rows in the order of the VALUES list, which maps them back.
  for (let start = 0; start < instances.length; start += COPY_CHUNK) {
    const chunk = instances.slice(start, start + COPY_CHUNK);
    const rows = await tx
      .insert(storyInstances)
      .values(
        chunk.map((instance) => ({
          storyId: toStoryId,
          itemId: instance.itemId,
          name: instance.name,
          description: instance.description,
          optional: instance.optional,
          level: instance.level,
          values: instance.values,
          price: instance.price,
          mandays: instance.mandays,
          errorCount: instance.errorCount,
          position: instance.position,
          searchText: instance.searchText,
        })),
      )
      .returning({ id: storyInstances.id });
    if (rows.length !== chunk.length) throw new Error('Copying instances returned too few rows');
    const newLinks = chunk.flatMap((instance, index) =>
      (labelsOf.get(instance.id) ?? []).map((labelId) => ({
        instanceId: rows[index]?.id ?? 0,
        labelId,
      })),
    );
    if (newLinks.length > 0) await tx.insert(storyInstanceLabels).values(newLinks);
  }
  return instances.length;
}

/**
 * Copies the lineups with their custom prices, and with whom each is shared when the members are
 * copied too (a share names a member of the story, decision 0033).
 */
export async function copyLineups(
  tx: Db,
  fromStoryId: number,
  toStoryId: number,
  withShares: boolean,
): Promise<void> {
  const lineups = await tx
    .select()
    .from(storyLineups)
    .where(eq(storyLineups.storyId, fromStoryId))
    .orderBy(asc(storyLineups.id));
  for (const lineup of lineups) {
    const [row] = await tx
      .insert(storyLineups)
      .values({
        storyId: toStoryId,
        name: lineup.name,
        description: lineup.description,
        supplierId: lineup.supplierId,
        subscriberId: lineup.subscriberId,
      })
      .returning({ id: storyLineups.id });
    if (!row) throw new Error('Copying a lineup returned no row');
    const prices = await tx
      .select({ roleId: lineupRolePrices.roleId, price: lineupRolePrices.price })
      .from(lineupRolePrices)
      .where(eq(lineupRolePrices.lineupId, lineup.id));
    if (prices.length > 0) {
      await tx
        .insert(lineupRolePrices)
        .values(prices.map((price) => ({ lineupId: row.id, ...price })));
    }
    if (!withShares) continue;
    const shares = await tx
      .select({ userId: lineupShares.userId })
      .from(lineupShares)
      .where(eq(lineupShares.lineupId, lineup.id));
    if (shares.length > 0) {
      await tx.insert(lineupShares).values(shares.map((share) => ({ lineupId: row.id, ...share })));
    }
  }
}

/** Copies every member but `exceptUserId` (the copier, already the new story's admin) with role and description. */
export async function copyMembers(
  tx: Db,
  fromStoryId: number,
  toStoryId: number,
  exceptUserId: number,
): Promise<void> {
  const members = await tx
    .select({
      userId: storyMembers.userId,
      role: storyMembers.role,
      description: storyMembers.description,
    })
    .from(storyMembers)
    .where(and(eq(storyMembers.storyId, fromStoryId), ne(storyMembers.userId, exceptUserId)))
    .orderBy(asc(storyMembers.id));
  if (members.length > 0) {
    await tx
      .insert(storyMembers)
      .values(members.map((member) => ({ storyId: toStoryId, ...member })));
  }
}

/**
 * The copy pins what the source pins, at the same versions (decision 0043): its instances' figures,
 * copied as they are, were calculated with them. Call under the source's lock, before the
 * instances are copied, so that the trigger pinning new items finds them pinned.
 */
export async function copyPins(tx: Db, fromStoryId: number, toStoryId: number): Promise<void> {
  await tx.execute(sql`
    update ${stories} set pins_item_versions = source.pins_item_versions
    from ${stories} as source
    where ${stories.id} = ${toStoryId} and source.id = ${fromStoryId}`);
  await tx.execute(sql`
    insert into ${storyItemPins} (story_id, item_id, version)
    select ${toStoryId}, item_id, version from ${storyItemPins} where story_id = ${fromStoryId}`);
}

/** The copy starts with the source's calculated totals (its instances are the same). */
export async function copyTotals(
  tx: Db,
  from: Pick<StoryRow, 'price' | 'estimatedMandays' | 'instanceCount' | 'errorCount'>,
  toStoryId: number,
): Promise<void> {
  await tx
    .update(stories)
    .set({
      price: from.price,
      estimatedMandays: from.estimatedMandays,
      instanceCount: from.instanceCount,
      errorCount: from.errorCount,
    })
    .where(eq(stories.id, toStoryId));
}
