// The story's instance sheet: the export (every reader; also the import's template) and the import (a dry run with every problem by row and column, or every row added in one transaction under the story's lock, nothing when anything is wrong).
import {
  escapeSheetText,
  INSTANCE_SHEET,
  INSTANCE_SHEET_COLUMNS,
  INSTANCE_VALUE_COLUMN_PREFIX,
  storyRoleAllows,
  WORKBOOK_LIST_SEPARATOR,
  type InstanceImportReport,
  type Locale,
} from '@costory/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../../../db/database';
import type { StoredInstanceValue } from '../../../../db/schema';
import {
  buildImportReport,
  readUpload,
  type ImportIssue,
  type PlannedChange,
} from '../../../../lib/spreadsheets/import-report';
import type { SheetFormat } from '../../../../lib/spreadsheets/sheet-reader';
import {
  addTableSheet,
  workbookBytes,
  writeCsvTable,
  type CellValue,
} from '../../../../lib/spreadsheets/sheet-writer';
import {
  loadItemVersionsOfStory,
  loadRolePricing,
  loadStoryItemVersions,
} from '../../calculation/model';
import {
  loadStoryAccess,
  lockStory,
  requireStoryAction,
  type StoryAccess,
} from '../../common/access';
import type { Actor, StoryDeps } from '../../common/deps';
import { CATALOG_DELETED, storyForbiddenDetail } from '../../common/messages';
import { itemIdsInStory } from '../instances.repository';
import { calculateFigures, writeNewInstances } from '../instances.service';
import {
  parseInstanceSheet,
  planInstances,
  type InstancePlan,
  type ParsedInstanceSheet,
  type SheetContext,
} from './instance-sheet-plan';
import {
  findItemsByCode,
  listSheetInstances,
  listStoryLabelTitles,
} from './instance-sheet.repository';

export interface InstanceSheetFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A value as the sheet holds it: numbers and booleans typed in a workbook, text escaped. */
function valueCell(value: StoredInstanceValue | undefined): CellValue {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? escapeSheetText(value) : value;
}

function cellText(cell: CellValue): string {
  return cell === null ? '' : String(cell);
}

/** A file name from the story's name: characters no file system takes become '-'. */
function fileBase(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim();
  return base === '' ? 'story' : base;
}

/**
 * The story's instances as the sheet the import reads (every member who may read the story): the
 * fixed columns, then one `value.<code>` column for every attribute code of the items its
 * instances use (sorted), in the order the instances were added.
 */
export async function exportInstanceSheet(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  query: { format: SheetFormat },
): Promise<InstanceSheetFile> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const instances = await listSheetInstances(deps.db, storyId);
  const labels = await listStoryLabelTitles(deps.db, storyId);
  const items = await loadStoryItemVersions(deps.db, storyId);
  const codes = [
    ...new Set(items.flatMap((item) => item.attributes.map((attribute) => attribute.code))),
  ].toSorted();
  const headers = [
    ...INSTANCE_SHEET_COLUMNS,
    ...codes.map((code) => `${INSTANCE_VALUE_COLUMN_PREFIX}${code}`),
  ];
  const titles = new Map(labels.map((label) => [label.id, label.title]));
  const rows = instances.map((instance): CellValue[] => [
    escapeSheetText(instance.code),
    escapeSheetText(instance.name),
    escapeSheetText(instance.description),
    instance.level,
    instance.optional,
    escapeSheetText(
      instance.labelIds.map((id) => titles.get(id) ?? '').join(WORKBOOK_LIST_SEPARATOR),
    ),
    ...codes.map((code) => valueCell(instance.values[code])),
  ]);
  const base = `${fileBase(access.story.name)}-instances`;
  if (query.format === 'csv') {
    return {
      fileName: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: writeCsvTable(
        headers,
        rows.map((row) => row.map(cellText)),
      ),
    };
  }
  const workbook = new ExcelJS.Workbook();
  addTableSheet(workbook, INSTANCE_SHEET, headers, rows);
  return { fileName: `${base}.xlsx`, contentType: XLSX_TYPE, body: await workbookBytes(workbook) };
}

/** What the rows are checked against, read with `db` (the transaction, when applying). */
async function loadContext(
  db: Db,
  access: StoryAccess,
  parsed: ParsedInstanceSheet,
): Promise<SheetContext> {
  const storyId = access.story.id;
  const codes = [...new Set(parsed.rows.map((row) => row.itemCode).filter((code) => code !== ''))];
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const items = await findItemsByCode(db, access.story.catalogId, codes);
  const live = items.filter((item) => item.state === 'COMPLETE' && item.deprecatedAt === null);
  const versions = await loadItemVersionsOfStory(
    db,
    storyId,
    live.map((item) => item.id),
  );
  const labels = await listStoryLabelTitles(db, storyId);
  const present = await itemIdsInStory(
    db,
    storyId,
    live.filter((item) => !item.repeatable).map((item) => item.id),
  );
  return { items, versions, labels, present };
}

function report(
  storyId: number,
  format: SheetFormat,
  input: { rows: number; changes: readonly PlannedChange[]; issues: readonly ImportIssue[] },
  applied: boolean,
  locale: Locale,
): InstanceImportReport {
  return {
    storyId,
    ...buildImportReport({
      format,
      sheets: [{ sheet: INSTANCE_SHEET, rows: input.rows, changes: input.changes, unchanged: 0 }],
      issues: input.issues,
      applied,
      locale,
      sheetOrder: [INSTANCE_SHEET],
    }),
  };
}

/** Ends the apply transaction without writing when the plan has problems or no rows. */
class PlanFailed extends Error {
  constructor(readonly plan: InstancePlan) {
    super('The instance sheet has problems or no rows');
  }
}

/**
 * Imports an instance sheet: every data row is a new instance. A member who may not add
 * instances gets the reason as the report's problem (nothing is read further); anyone not a
 * member gets 404, as on every story route. `apply` plans again under the story's lock and writes
 * every row through the write path of adding instances, or nothing.
 */
export async function importInstanceSheet(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  file: { bytes: Uint8Array; fileName?: string | undefined },
  options: { apply: boolean; locale: Locale },
): Promise<InstanceImportReport> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  const upload = await readUpload(file.bytes, file.fileName);
  const { format } = upload;
  const sheetIssue = (message: ImportIssue['message']): ImportIssue => ({
    sheet: INSTANCE_SHEET,
    row: null,
    column: null,
    message,
  });
  if (!storyRoleAllows(access.role, 'EDIT_INSTANCES')) {
    const forbidden = sheetIssue(storyForbiddenDetail(access.role, 'EDIT_INSTANCES'));
    return report(
      storyId,
      format,
      { rows: 0, changes: [], issues: [forbidden] },
      false,
      options.locale,
    );
  }
  if (!upload.ok) {
    return report(
      storyId,
      format,
      { rows: 0, changes: [], issues: [upload.issue] },
      false,
      options.locale,
    );
  }
  const parsed = parseInstanceSheet(upload.sheets, format);
  const planWith = async (db: Db): Promise<InstancePlan> => {
    const plan = planInstances(parsed, await loadContext(db, access, parsed));
    return access.catalogDeleted
      ? { ...plan, issues: [sheetIssue(CATALOG_DELETED), ...plan.issues] }
      : plan;
  };
  const answer = (plan: InstancePlan, applied: boolean) =>
    report(storyId, format, { rows: parsed.rowCount, ...plan }, applied, options.locale);
  if (!options.apply) return answer(await planWith(deps.db), false);
  try {
    const applied = await deps.db.transaction(async (tx) => {
      // Planned again under the lock, so that what was checked is what gets written.
      await lockStory(tx, storyId);
      const plan = await planWith(tx);
      if (plan.issues.length > 0 || plan.planned.length === 0) throw new PlanFailed(plan);
      const pricing = await loadRolePricing(tx, access.story);
      await writeNewInstances(
        tx,
        storyId,
        user.id,
        plan.planned.map(({ published, checked }) => ({
          published,
          checked,
          figures: calculateFigures(pricing, published, checked),
        })),
      );
      return plan;
    });
    return answer(applied, true);
  } catch (error) {
    if (error instanceof PlanFailed) return answer(error.plan, false);
    throw error;
  }
}
