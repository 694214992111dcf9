// Items as the API shows them: the summary of the list and the full item with attributes and the caller's workflow actions.
import {
  availableItemActions,
  type Attribute,
  type CatalogMemberRole,
  type Item,
  type ItemSummary,
} from '@costory/shared';
import type { CatalogItemRow, ItemAttributeRow } from '../../../db/schema';

export function toItemSummary(
  row: CatalogItemRow,
  labelIds: readonly number[],
  maxLevel: number,
): ItemSummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    groupId: row.groupId,
    phaseId: row.phaseId,
    icon: row.icon,
    state: row.state,
    deprecated: row.deprecatedAt !== null,
    version: row.version,
    revision: row.revision,
    repeatable: row.repeatable,
    labelIds: [...labelIds],
    maxLevel,
    createdByUserId: row.createdByUserId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAttribute(row: ItemAttributeRow): Attribute {
  return {
    id: row.id,
    level: row.level,
    code: row.code,
    name: row.name,
    type: row.type,
    mandatory: row.mandatory,
    description: row.description,
    defaultValue: row.defaultValue ?? null,
    enumValues: row.enumValues,
    minimum: row.minimum,
    maximum: row.maximum,
  };
}

/** An item's max level is its highest attribute level (design.md §4). */
export function maxLevelOf(attributes: readonly Pick<ItemAttributeRow, 'level'>[]): number {
  return attributes.reduce((highest, attribute) => Math.max(highest, attribute.level), 0);
}

export function toItem(
  row: CatalogItemRow,
  labelIds: readonly number[],
  attributes: readonly ItemAttributeRow[],
  viewer: { role: CatalogMemberRole; userId: number },
): Item {
  return {
    ...toItemSummary(row, labelIds, maxLevelOf(attributes)),
    description: row.description,
    attributes: attributes.map(toAttribute),
    availableActions: availableItemActions(
      viewer.role,
      {
        state: row.state,
        createdByUserId: row.createdByUserId,
        deprecated: row.deprecatedAt !== null,
      },
      viewer.userId,
    ),
  };
}
