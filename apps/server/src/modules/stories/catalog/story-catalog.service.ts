// GET /stories/{storyId}/catalog: the story's catalog as its members read it — groups, phases, roles with the story's prices and published items.
import type { StoryCatalog } from '@costory/shared';
import { and, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogItems, itemVersions, storyInstances, storyItemPins } from '../../../db/schema';
import { listGroupRows } from '../../catalogs/groups/groups.repository';
import { listPhaseRows } from '../../catalogs/phases/phases.repository';
import { listRoleRows } from '../../catalogs/roles/roles.repository';
import { pinnedOrLatest } from '../calculation/model';
import { loadStoryAccess, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { readsMargins } from '../common/margins';
import { maxLevelOfVersion } from '../instances/instance-checks';

/**
 * The published version the story calculates with (pinned or latest: decision 0043) of every item
 * a member may add now (COMPLETE, not deprecated) and of every item the story's instances use,
 * whatever its state: one query.
 */
async function loadPublishedItems(db: Db, catalogId: number, storyId: number) {
  return db
    .selectDistinctOn([itemVersions.itemId], {
      item: {
        id: catalogItems.id,
        code: catalogItems.code,
        name: catalogItems.name,
        description: catalogItems.description,
        groupId: catalogItems.groupId,
        phaseId: catalogItems.phaseId,
        icon: catalogItems.icon,
        repeatable: catalogItems.repeatable,
        state: catalogItems.state,
        deprecatedAt: catalogItems.deprecatedAt,
      },
      version: itemVersions.version,
      attributes: itemVersions.attributes,
      formulas: itemVersions.formulas,
      inStory: exists(
        db
          .select({ one: sql`1` })
          .from(storyInstances)
          .where(
            and(eq(storyInstances.storyId, storyId), eq(storyInstances.itemId, catalogItems.id)),
          ),
      ).mapWith(Boolean),
    })
    .from(itemVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, itemVersions.itemId))
    .leftJoin(
      storyItemPins,
      and(eq(storyItemPins.storyId, storyId), eq(storyItemPins.itemId, itemVersions.itemId)),
    )
    .where(
      and(
        eq(catalogItems.catalogId, catalogId),
        pinnedOrLatest(),
        or(
          and(eq(catalogItems.state, 'COMPLETE'), isNull(catalogItems.deprecatedAt)),
          inArray(
            catalogItems.id,
            db
              .selectDistinct({ itemId: storyInstances.itemId })
              .from(storyInstances)
              .where(eq(storyInstances.storyId, storyId)),
          ),
        ),
      ),
    )
    .orderBy(itemVersions.itemId, desc(itemVersions.version));
}

/**
 * Any member may read it (READ_STORY), whether or not they may read the catalog itself: a
 * customer of a story built on a PRIVATE catalog still browses its items, but reads neither the
 * roles' prices nor the formulas (decision 0033).
 */
export async function getStoryCatalog(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<StoryCatalog> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const { catalogId } = access.story;
  const margins = readsMargins(access);
  const [groups, phases, roles, items] = await Promise.all([
    listGroupRows(deps.db, catalogId),
    listPhaseRows(deps.db, catalogId),
    listRoleRows(deps.db, catalogId),
    loadPublishedItems(deps.db, catalogId, storyId),
  ]);
  return {
    groups: groups.map((group) => ({
      id: group.id,
      parentId: group.parentId,
      code: group.code,
      name: group.name,
    })),
    phases: phases.map((phase) => ({
      id: phase.id,
      code: phase.code,
      name: phase.name,
      position: phase.position,
    })),
    roles: roles.map((role) => ({
      id: role.id,
      code: role.code,
      name: role.name,
      unit: role.unit,
      price: margins ? role.price : null,
      // The story is priced with the catalog; lineups price it otherwise (decision 0025).
      unitPrice: margins ? role.price : null,
    })),
    items: items
      .map(({ item, version, attributes, formulas, inStory }) => ({
        id: item.id,
        code: item.code,
        name: item.name,
        description: item.description,
        groupId: item.groupId,
        phaseId: item.phaseId,
        icon: item.icon,
        version,
        maxLevel: Math.max(1, maxLevelOfVersion({ attributes })),
        repeatable: item.repeatable,
        deprecated: item.deprecatedAt !== null,
        addable: !access.catalogDeleted && item.state === 'COMPLETE' && item.deprecatedAt === null,
        inStory,
        attributes: attributes.map((attribute) => ({
          code: attribute.code,
          name: attribute.name,
          level: attribute.level,
          type: attribute.type,
          mandatory: attribute.mandatory,
          defaultValue: attribute.defaultValue ?? null,
          enumValues: attribute.enumValues.map((value) => ({
            code: value.code,
            label: value.label,
          })),
          minimum: attribute.minimum ?? null,
          maximum: attribute.maximum ?? null,
        })),
        formulas: (margins ? formulas : []).map((formula) => ({
          roleId: formula.roleId,
          level: formula.level,
          expression: formula.expression,
        })),
      }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}
