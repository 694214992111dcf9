// Queries that put a version's frozen instances and labels into a story (decision 0042, restore): back into its own story under their old ids, or into a new story under new ones.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  catalogItems,
  storyInstanceLabels,
  storyInstances,
  storyLabels,
  type CatalogItemRow,
  type FrozenNames,
  type StoredInstanceValue,
} from '../../../db/schema';
import { foldForSearch } from '../../../lib/search';
import type { StoredCalcInstance } from '../calculation/calc-instances-text';

/** Rows per insert statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 1000;

/** A frozen instance with its names, as a version holds it. */
export interface FrozenInstance extends StoredCalcInstance {
  name: string;
  description: string;
}

/** The version's instances with their names (both lists are in id order, one entry per instance). */
export function frozenInstancesOf(
  instances: readonly StoredCalcInstance[],
  names: FrozenNames,
): FrozenInstance[] {
  const byId = new Map(
    names.instances.map(([id, , name, description]) => [id, { name, description }]),
  );
  return instances.map((instance) => ({
    ...instance,
    name: byId.get(instance.id)?.name ?? '',
    description: byId.get(instance.id)?.description ?? '',
  }));
}

/** The items among `itemIds` that the catalog still has, with whether they were retired. */
export async function findCatalogItems(
  tx: Db,
  catalogId: number,
  itemIds: readonly number[],
): Promise<Map<number, Pick<CatalogItemRow, 'id' | 'code' | 'name' | 'deprecatedAt'>>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: catalogItems.id,
      code: catalogItems.code,
      name: catalogItems.name,
      deprecatedAt: catalogItems.deprecatedAt,
    })
    .from(catalogItems)
    .where(and(eq(catalogItems.catalogId, catalogId), inArray(catalogItems.id, [...itemIds])));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Makes the story's labels the version's: labels added since are deleted (their links go with
 * them), the version's labels that still exist get their title and colour back (their description
 * stays, a version does not freeze it), and those deleted since are created again under their old
 * ids (an id is never handed out twice, and a label never leaves its story).
 */
export async function restoreLabels(
  tx: Db,
  storyId: number,
  labels: FrozenNames['labels'],
): Promise<void> {
  const json = JSON.stringify(labels);
  await tx.execute(sql`
    delete from ${storyLabels}
    where ${storyLabels.storyId} = ${storyId}
      and ${storyLabels.id} not in (select (label->>'id')::int from jsonb_array_elements(${json}::jsonb) as label)`);
  await tx.execute(sql`
    update ${storyLabels} set title = frozen.title, color = frozen.color, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as frozen(id int, title text, color text)
    where ${storyLabels.id} = frozen.id and ${storyLabels.storyId} = ${storyId}
      and (${storyLabels.title}, ${storyLabels.color}) is distinct from (frozen.title, frozen.color)`);
  const present = new Set(
    (
      await tx
        .select({ id: storyLabels.id })
        .from(storyLabels)
        .where(eq(storyLabels.storyId, storyId))
    ).map((row) => row.id),
  );
  const missing = labels.filter((label) => !present.has(label.id));
  if (missing.length > 0) {
    await tx
      .insert(storyLabels)
      .overridingSystemValue()
      .values(missing.map(({ id, title, color }) => ({ id, storyId, title, color })));
  }
}

/** Creates the version's labels in a new story; answers the new id of each frozen one. */
export async function insertLabelCopies(
  tx: Db,
  storyId: number,
  labels: FrozenNames['labels'],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (labels.length === 0) return ids;
  // PostgreSQL returns the new rows in the order of the VALUES list, which maps them back.
  const rows = await tx
    .insert(storyLabels)
    .values(labels.map(({ title, color }) => ({ storyId, title, color })))
    .returning({ id: storyLabels.id });
  labels.forEach((label, index) => {
    const row = rows[index];
    if (row) ids.set(label.id, row.id);
  });
  return ids;
}

/** The values as stored: the frozen text never has undefined ones, JSON has no such thing. */
function storedValues(values: FrozenInstance['values']): Record<string, StoredInstanceValue> {
  const stored: Record<string, StoredInstanceValue> = {};
  for (const [code, value] of Object.entries(values)) if (value !== undefined) stored[code] = value;
  return stored;
}

function storedFields(instance: FrozenInstance) {
  return {
    name: instance.name,
    description: instance.description,
    optional: instance.optional,
    level: instance.level,
    values: storedValues(instance.values),
    price: instance.price,
    mandays: instance.mandays,
    errorCount: instance.errorCount,
    searchText: foldForSearch(instance.name),
  };
}

/**
 * Makes the story's instances the version's, keeping each one's id: instances added since are
 * deleted; those the version had get its name, description, level, values and optional flag back
 * (and its figures, until the story is recalculated), their revision counted up when a user's
 * edit would have (fields or labels) and, when what they estimate changed, their verification taken
 * back, as an edit does; those deleted since are
 * created again under their old ids, not verified. Every instance's labels become the version's.
 */
export async function restoreInstances(
  tx: Db,
  storyId: number,
  instances: readonly FrozenInstance[],
): Promise<void> {
  const ids = JSON.stringify(instances.map((instance) => instance.id));
  await tx.execute(sql`
    delete from ${storyInstances}
    where ${storyInstances.storyId} = ${storyId}
      and ${storyInstances.id} not in (select value::int from jsonb_array_elements_text(${ids}::jsonb))`);
  const present = new Set(
    (
      await tx
        .select({ id: storyInstances.id })
        .from(storyInstances)
        .where(eq(storyInstances.storyId, storyId))
    ).map((row) => row.id),
  );
  const kept = instances.filter((instance) => present.has(instance.id));
  for (let start = 0; start < kept.length; start += CHUNK) {
    // One statement per chunk: the fields travel as one JSON parameter.
    const chunk = JSON.stringify(
      kept.slice(start, start + CHUNK).map((instance) => {
        const fields = storedFields(instance);
        return {
          id: instance.id,
          name: fields.name,
          description: fields.description,
          optional: fields.optional,
          level: fields.level,
          values: fields.values,
          price: fields.price,
          mandays: fields.mandays,
          error_count: fields.errorCount,
          search_text: fields.searchText,
          labels: [...instance.labelIds].sort((a, b) => a - b),
        };
      }),
    );
    // `edited`: what a user edits differs (fields or labels), which an edit would count as a new
    // revision; figures alone are written without one (the recalculation rewrites them anyway).
    await tx.execute(sql`
      with frozen as (
        select f.*,
          ((s.name, s.description, s.optional, s.level, s.values)
             is distinct from (f.name, f.description, f.optional, f.level, f.values)
           or f.labels is distinct from coalesce(
             (select array_agg(l.label_id order by l.label_id)
                from ${storyInstanceLabels} l where l.instance_id = s.id),
             '{}'::int[])) as edited,
          (s.optional, s.level, s.values)
             is distinct from (f.optional, f.level, f.values) as estimate_changed
        from jsonb_to_recordset(${chunk}::jsonb) as f(
          id int, name text, description text, optional boolean, level int, values jsonb,
          price numeric, mandays numeric, error_count int, search_text text, labels int[])
        join ${storyInstances} s on s.id = f.id and s.story_id = ${storyId}
      )
      update ${storyInstances} set
        name = frozen.name,
        description = frozen.description,
        optional = frozen.optional,
        level = frozen.level,
        values = frozen.values,
        price = frozen.price,
        mandays = frozen.mandays,
        error_count = frozen.error_count,
        search_text = frozen.search_text,
        verified_by_user_id = case when frozen.estimate_changed
          then null else ${storyInstances.verifiedByUserId} end,
        verified_at = case when frozen.estimate_changed
          then null else ${storyInstances.verifiedAt} end,
        revision = case when frozen.edited
          then ${storyInstances.revision} + 1 else ${storyInstances.revision} end,
        updated_at = case when frozen.edited then now() else ${storyInstances.updatedAt} end
      from frozen
      where ${storyInstances.id} = frozen.id
        and (frozen.edited
          or (${storyInstances.price}, ${storyInstances.mandays}, ${storyInstances.errorCount})
             is distinct from (frozen.price, frozen.mandays, frozen.error_count))`);
  }
  const missing = instances.filter((instance) => !present.has(instance.id));
  for (let start = 0; start < missing.length; start += CHUNK) {
    await tx
      .insert(storyInstances)
      .overridingSystemValue()
      .values(
        missing.slice(start, start + CHUNK).map((instance) => ({
          id: instance.id,
          storyId,
          itemId: instance.itemId,
          ...storedFields(instance),
        })),
      );
  }
  await tx.execute(sql`
    delete from ${storyInstanceLabels}
    where ${storyInstanceLabels.instanceId} in (
      select ${storyInstances.id} from ${storyInstances} where ${storyInstances.storyId} = ${storyId})`);
  await insertLinks(
    tx,
    instances.flatMap((instance) =>
      instance.labelIds.map((labelId) => ({ instanceId: instance.id, labelId })),
    ),
  );
}

/** Creates the version's instances in a new story, labelled with the new labels. */
export async function insertInstanceCopies(
  tx: Db,
  storyId: number,
  instances: readonly FrozenInstance[],
  labelIds: ReadonlyMap<number, number>,
): Promise<void> {
  for (let start = 0; start < instances.length; start += CHUNK) {
    const chunk = instances.slice(start, start + CHUNK);
    const rows = await tx
      .insert(storyInstances)
      .values(
        chunk.map((instance) => ({ storyId, itemId: instance.itemId, ...storedFields(instance) })),
      )
      .returning({ id: storyInstances.id });
    if (rows.length !== chunk.length) throw new Error('Copying instances returned too few rows');
    await insertLinks(
      tx,
      chunk.flatMap((instance, index) =>
        instance.labelIds.flatMap((labelId) => {
          const newLabelId = labelIds.get(labelId);
          const row = rows[index];
          return newLabelId === undefined || row === undefined
            ? []
            : [{ instanceId: row.id, labelId: newLabelId }];
        }),
      ),
    );
  }
}

async function insertLinks(
  tx: Db,
  links: readonly { instanceId: number; labelId: number }[],
): Promise<void> {
  // Two parameters a row.
  for (let start = 0; start < links.length; start += CHUNK * 10) {
    await tx.insert(storyInstanceLabels).values(links.slice(start, start + CHUNK * 10));
  }
}
