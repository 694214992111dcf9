// Everything stored about one story, to assert that a refused request changed nothing at all.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import {
  lineupRolePrices,
  stories,
  storyLineups,
  storyEvents,
  storyFavourites,
  storyInstanceLabels,
  storyInstances,
  storyInvites,
  storyLabels,
  storyMembers,
  storyVersions,
} from '../../src/db/schema';

export async function snapshotStory(db: Db, storyId: number) {
  const instances = await db
    .select()
    .from(storyInstances)
    .where(eq(storyInstances.storyId, storyId))
    .orderBy(asc(storyInstances.id));
  const instanceIds = instances.map((instance) => instance.id);
  return {
    story: await db.select().from(stories).where(eq(stories.id, storyId)),
    members: await db
      .select()
      .from(storyMembers)
      .where(eq(storyMembers.storyId, storyId))
      .orderBy(asc(storyMembers.id)),
    invites: await db
      .select()
      .from(storyInvites)
      .where(eq(storyInvites.storyId, storyId))
      .orderBy(asc(storyInvites.id)),
    favourites: await db
      .select()
      .from(storyFavourites)
      .where(eq(storyFavourites.storyId, storyId))
      .orderBy(asc(storyFavourites.userId)),
    labels: await db
      .select()
      .from(storyLabels)
      .where(eq(storyLabels.storyId, storyId))
      .orderBy(asc(storyLabels.id)),
    instances,
    instanceLabels:
      instanceIds.length === 0
        ? []
        : await db
            .select()
            .from(storyInstanceLabels)
            .where(inArray(storyInstanceLabels.instanceId, instanceIds))
            .orderBy(asc(storyInstanceLabels.instanceId), asc(storyInstanceLabels.labelId)),
    lineups: await db
      .select()
      .from(storyLineups)
      .where(eq(storyLineups.storyId, storyId))
      .orderBy(asc(storyLineups.id)),
    lineupPrices: await db
      .select({ price: lineupRolePrices })
      .from(lineupRolePrices)
      .innerJoin(storyLineups, eq(storyLineups.id, lineupRolePrices.lineupId))
      .where(eq(storyLineups.storyId, storyId))
      .orderBy(asc(lineupRolePrices.lineupId), asc(lineupRolePrices.roleId)),
    versions: await db
      .select()
      .from(storyVersions)
      .where(eq(storyVersions.storyId, storyId))
      .orderBy(asc(storyVersions.id)),
    events: await db
      .select()
      .from(storyEvents)
      .where(eq(storyEvents.storyId, storyId))
      .orderBy(asc(storyEvents.id)),
  };
}
