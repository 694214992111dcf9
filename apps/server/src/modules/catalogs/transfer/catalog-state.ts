// The catalogue as the workbook sees it: its rows (with ids) read in a few queries, and each sheet's canonical rows by key, which the export writes and the import compares with.
import {
  localizedColumnHeader,
  WORKBOOK_COLUMNS,
  WORKBOOK_LIST_SEPARATOR,
  type LocalizedText,
  type WorkbookSheet,
} from '@costory/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  catalogItemLabels,
  catalogItems,
  catalogLabels,
  itemAttributes,
  itemFormulas,
  type CatalogGroupRow,
  type CatalogItemRow,
  type CatalogLabelRow,
  type CatalogPhaseRow,
  type CatalogRoleRow,
  type ItemAttributeRow,
  type ItemFormulaRow,
} from '../../../db/schema';
import { listGroupRows } from '../groups/groups.repository';
import { listPhaseRows } from '../phases/phases.repository';
import { listRoleRows } from '../roles/roles.repository';
import { canonicalDecimal } from '../../../lib/spreadsheets/cells';

export interface CatalogState {
  groups: CatalogGroupRow[];
  phases: CatalogPhaseRow[];
  roles: CatalogRoleRow[];
  labels: CatalogLabelRow[];
  /** Live items, by code. */
  items: CatalogItemRow[];
  itemLabels: Map<number, number[]>;
  /** Of live items, in each item's order. */
  attributes: ItemAttributeRow[];
  formulas: ItemFormulaRow[];
}

/** Everything of the catalog the workbook holds; `completeOnly` for readers of COMPLETE items. */
export async function loadCatalogState(
  db: Db,
  catalogId: number,
  completeOnly: boolean,
): Promise<CatalogState> {
  const [groups, phases, roles, labels, items] = await Promise.all([
    listGroupRows(db, catalogId),
    listPhaseRows(db, catalogId),
    listRoleRows(db, catalogId),
    db
      .select()
      .from(catalogLabels)
      .where(eq(catalogLabels.catalogId, catalogId))
      .orderBy(asc(catalogLabels.title), asc(catalogLabels.id)),
    db
      .select()
      .from(catalogItems)
      .where(
        and(
          eq(catalogItems.catalogId, catalogId),
          isNull(catalogItems.deprecatedAt),
          completeOnly ? eq(catalogItems.state, 'COMPLETE') : undefined,
        ),
      )
      .orderBy(asc(sql`${catalogItems.code} collate "C"`)),
  ]);
  const itemIds = items.map((item) => item.id);
  const [labelRows, attributes, formulas] =
    itemIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.select().from(catalogItemLabels).where(inArray(catalogItemLabels.itemId, itemIds)),
          db
            .select()
            .from(itemAttributes)
            .where(inArray(itemAttributes.itemId, itemIds))
            .orderBy(
              asc(itemAttributes.itemId),
              asc(itemAttributes.position),
              asc(itemAttributes.id),
            ),
          db
            .select()
            .from(itemFormulas)
            .where(inArray(itemFormulas.itemId, itemIds))
            .orderBy(asc(itemFormulas.itemId), asc(itemFormulas.position), asc(itemFormulas.id)),
        ]);
  const itemLabels = new Map<number, number[]>();
  for (const row of labelRows) {
    itemLabels.set(row.itemId, [...(itemLabels.get(row.itemId) ?? []), row.labelId]);
  }
  return { groups, phases, roles, labels, items, itemLabels, attributes, formulas };
}

/** A row of a sheet: its key and its cells by header, as canonical text ('' for nothing). */
export interface WorkbookRow {
  key: string;
  cells: Record<string, string>;
}

export type WorkbookRows = Record<WorkbookSheet, WorkbookRow[]>;

/** The headers of a sheet for these languages, in the template's order. */
export function sheetHeaders(sheet: WorkbookSheet, languages: readonly string[]): string[] {
  return WORKBOOK_COLUMNS[sheet].flatMap((column) =>
    column.localized === true
      ? languages.map((language) => localizedColumnHeader(column.name, language))
      : [column.name],
  );
}

export function keyOf(parts: readonly (string | number)[]): string {
  return parts.map(String).join(' / ');
}

function localizedCells(
  name: string,
  text: LocalizedText,
  languages: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    languages.map((language) => [localizedColumnHeader(name, language), text[language] ?? '']),
  );
}

/** Parents before children, siblings by position: what a re-import can create in one pass. */
function treeOrder(groups: readonly CatalogGroupRow[]): CatalogGroupRow[] {
  const children = new Map<number | null, CatalogGroupRow[]>();
  for (const group of groups) {
    children.set(group.parentId, [...(children.get(group.parentId) ?? []), group]);
  }
  const ordered: CatalogGroupRow[] = [];
  const visit = (parentId: number | null) => {
    const siblings = (children.get(parentId) ?? []).toSorted(
      (a, b) => a.position - b.position || a.id - b.id,
    );
    for (const group of siblings) {
      ordered.push(group);
      visit(group.id);
    }
  };
  visit(null);
  return ordered;
}

function defaultText(value: ItemAttributeRow['defaultValue']): string {
  if (value === null) return '';
  if (typeof value === 'number') return canonicalDecimal(String(value)) ?? String(value);
  return String(value);
}

function boundText(value: number | null): string {
  return value === null ? '' : (canonicalDecimal(String(value)) ?? String(value));
}

/** Every sheet's rows of the catalog, in the order the export writes them. */
export function stateRows(state: CatalogState, languages: readonly string[]): WorkbookRows {
  const groupCodes = new Map(state.groups.map((group) => [group.id, group.code]));
  const phaseCodes = new Map(state.phases.map((phase) => [phase.id, phase.code]));
  const roleCodes = new Map(state.roles.map((role) => [role.id, role.code]));
  const labelTitles = new Map(state.labels.map((label) => [label.id, label.title]));
  const itemCodes = new Map(state.items.map((item) => [item.id, item.code]));
  const byItemCode = <T extends { itemId: number }>(rows: readonly T[]) =>
    rows.toSorted((a, b) => {
      const codeA = itemCodes.get(a.itemId) ?? '';
      const codeB = itemCodes.get(b.itemId) ?? '';
      return codeA < codeB ? -1 : codeA > codeB ? 1 : 0;
    });
  const attributes = byItemCode(state.attributes);
  return {
    Groups: treeOrder(state.groups).map((group) => ({
      key: group.code,
      cells: {
        code: group.code,
        parent: group.parentId === null ? '' : (groupCodes.get(group.parentId) ?? ''),
        ...localizedCells('name', group.name, languages),
        ...localizedCells('description', group.description, languages),
      },
    })),
    Phases: state.phases
      .toSorted((a, b) => a.position - b.position || a.id - b.id)
      .map((phase) => ({
        key: phase.code,
        cells: {
          code: phase.code,
          ...localizedCells('name', phase.name, languages),
          ...localizedCells('description', phase.description, languages),
        },
      })),
    Roles: state.roles.map((role) => ({
      key: role.code,
      cells: {
        code: role.code,
        ...localizedCells('name', role.name, languages),
        ...localizedCells('description', role.description, languages),
        unit: role.unit,
        price: canonicalDecimal(role.price) ?? role.price,
      },
    })),
    Labels: state.labels.map((label) => ({
      key: label.title,
      cells: { title: label.title, description: label.description, color: label.color },
    })),
    Items: state.items.map((item) => ({
      key: item.code,
      cells: {
        code: item.code,
        ...localizedCells('name', item.name, languages),
        ...localizedCells('description', item.description, languages),
        group: item.groupId === null ? '' : (groupCodes.get(item.groupId) ?? ''),
        phase: item.phaseId === null ? '' : (phaseCodes.get(item.phaseId) ?? ''),
        labels: (state.itemLabels.get(item.id) ?? [])
          .map((id) => labelTitles.get(id) ?? '')
          .toSorted()
          .join(WORKBOOK_LIST_SEPARATOR),
        icon: item.icon,
        repeatable: String(item.repeatable),
      },
    })),
    Attributes: attributes.map((attribute) => {
      const item = itemCodes.get(attribute.itemId) ?? '';
      return {
        key: keyOf([item, attribute.code]),
        cells: {
          item,
          code: attribute.code,
          level: String(attribute.level),
          type: attribute.type,
          ...localizedCells('name', attribute.name, languages),
          ...localizedCells('description', attribute.description, languages),
          mandatory: String(attribute.mandatory),
          default: defaultText(attribute.defaultValue),
          minimum: boundText(attribute.minimum),
          maximum: boundText(attribute.maximum),
        },
      };
    }),
    Values: attributes.flatMap((attribute) => {
      const item = itemCodes.get(attribute.itemId) ?? '';
      return attribute.enumValues.map((value) => ({
        key: keyOf([item, attribute.code, value.code]),
        cells: {
          item,
          attribute: attribute.code,
          code: value.code,
          ...localizedCells('label', value.label, languages),
        },
      }));
    }),
    Formulas: byItemCode(state.formulas).map((formula) => {
      const item = itemCodes.get(formula.itemId) ?? '';
      const role = roleCodes.get(formula.roleId) ?? '';
      return {
        key: keyOf([item, role, formula.level]),
        cells: {
          item,
          role,
          level: String(formula.level),
          name: formula.name,
          expression: formula.expression,
        },
      };
    }),
  };
}
