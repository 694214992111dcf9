// Queries of deliberate catalog upgrades (decision 0043): a story's item pins, the items whose newer published version waits, and moving pins to the latest versions.
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/database';
import {
  catalogItems,
  itemVersions,
  stories,
  storyInstances,
  storyItemPins,
  type CatalogItemRow,
} from '../../../db/schema';

/**
 * How many items a story's list entry says wait for an upgrade: those it uses at a pinned version
 * older than their latest (one probe per pin on story_instances by item and story), none unless
 * it pins its item versions.
 */
export function storyUpgradesWaiting(): SQL<number> {
  return sql<number>`case when ${stories.pinsItemVersions} then (
    select count(*)::int from ${storyItemPins} as pin
    where pin.story_id = ${stories.id}
      and pin.version < (
        select max(latest.version) from ${itemVersions} as latest
        where latest.item_id = pin.item_id
      )
      and exists (
        select 1 from ${storyInstances} as used
        where used.item_id = pin.item_id and used.story_id = pin.story_id
      )
  ) else 0 end`.mapWith(Number);
}

export interface WaitingUpgradeRow {
  itemId: number;
  code: string;
  name: CatalogItemRow['name'];
  icon: string;
  deprecated: boolean;
  version: number;
  latestVersion: number;
  instanceCount: number;
}

/** The items the story uses at a pinned version older than their latest, by code (`itemIds`: only these). */
export async function listWaitingUpgrades(
  db: Db,
  storyId: number,
  itemIds?: readonly number[],
): Promise<WaitingUpgradeRow[]> {
  const only =
    itemIds === undefined
      ? sql``
      : sql`and pin.item_id in (select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::int)`;
  return selectRows<WaitingUpgradeRow>(
    db,
    sql`
    select pin.item_id as "itemId", item.code, item.name, item.icon,
      item.deprecated_at is not null as deprecated,
      pin.version, latest.version as "latestVersion", used.count as "instanceCount"
    from ${storyItemPins} as pin
    join ${catalogItems} as item on item.id = pin.item_id
    join lateral (
      select max(v.version)::int as version from ${itemVersions} as v where v.item_id = pin.item_id
    ) as latest on latest.version > pin.version
    join lateral (
      select count(*)::int as count from ${storyInstances} as i
      where i.item_id = pin.item_id and i.story_id = pin.story_id
    ) as used on used.count > 0
    where pin.story_id = ${storyId} ${only}
    order by item.code, item.id`,
  );
}

/** Pins every item the story uses (and has no pin for) at its latest version: what it calculates with unpinned. */
export async function pinUsedItems(tx: Db, storyId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${storyItemPins} (story_id, item_id, version)
    select ${storyId}, used.item_id, latest.version
    from (select distinct item_id from ${storyInstances} where story_id = ${storyId}) as used
    join lateral (
      select max(v.version) as version from ${itemVersions} as v where v.item_id = used.item_id
    ) as latest on latest.version is not null
    on conflict do nothing`);
}

/** Drops every pin of the story: it calculates with the latest versions again. */
export async function dropPins(tx: Db, storyId: number): Promise<void> {
  await tx.execute(sql`delete from ${storyItemPins} where story_id = ${storyId}`);
}

/** Moves these items' pins (in `waiting`) to their latest versions, in one statement. */
export async function upgradePins(
  tx: Db,
  storyId: number,
  waiting: readonly Pick<WaitingUpgradeRow, 'itemId' | 'latestVersion'>[],
): Promise<void> {
  if (waiting.length === 0) return;
  await tx.execute(sql`
    update ${storyItemPins} as pin set version = target.version
    from jsonb_to_recordset(${JSON.stringify(
      waiting.map((row) => ({ item_id: row.itemId, version: row.latestVersion })),
    )}::jsonb) as target(item_id int, version int)
    where pin.story_id = ${storyId} and pin.item_id = target.item_id`);
}

/**
 * Pins, for a story that pins its item versions, the versions its new instances were calculated
 * with, for items it has no pin for yet (else nothing): the trigger pinning new items would take
 * the latest at the insert, which a publication may have moved since the figures were made.
 */
export async function pinVersionsUsed(
  tx: Db,
  storyId: number,
  used: readonly { itemId: number; version: number }[],
): Promise<void> {
  if (used.length === 0) return;
  await tx.execute(sql`
    insert into ${storyItemPins} (story_id, item_id, version)
    select ${storyId}, used.item_id, used.version
    from jsonb_to_recordset(${JSON.stringify(
      used.map((entry) => ({ item_id: entry.itemId, version: entry.version })),
    )}::jsonb) as used(item_id int, version int)
    where exists (
      select 1 from ${stories} where ${stories.id} = ${storyId} and ${stories.pinsItemVersions}
    )
    on conflict do nothing`);
}
