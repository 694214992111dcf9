// The story's export reports: summaries by roles, phases, catalog groups (a tree) and instances, and the overall story summary, each with its facts and formula errors.
import type { StoryCalculation } from '@costory/calc';
import {
  isScored,
  isUsedRole,
  type Report,
  type ReportColumn,
  type ReportFact,
  type ReportRow,
  type ReportTable,
  type ReportValueFormat,
  unpricedInstanceCount,
} from '@costory/shared';
import {
  catalogText,
  decimalCell,
  errorsTable,
  partyOf,
  reportCurrency,
  reportFileName,
  unitSymbol,
} from './report-parts';
import { incompleteTotal, REPORT_TEXTS, type ReportTexts } from './report-texts';
import type { ReportGroup, StoryReportData } from './story-report-data';

export const STORY_REPORT_KINDS = ['roles', 'phases', 'ctl', 'ict', 'story'] as const;
export type StoryReportKind = (typeof STORY_REPORT_KINDS)[number];

function column(header: string, format: ReportValueFormat, summed = false): ReportColumn {
  return { header, format, summed };
}

function row(cells: (string | null)[], level = 0, muted = false): ReportRow {
  return { cells, level, muted };
}

/** Reads one story's names in the report's language. */
export class StoryNames {
  private readonly roles: Map<number, string>;
  private readonly instances: Map<number, string>;

  constructor(private readonly data: StoryReportData) {
    const text = (value: Parameters<typeof catalogText>[0]) =>
      catalogText(value, data.locale, data.catalog.defaultLanguage);
    this.roles = new Map(data.roles.map((role) => [role.id, `${text(role.name)} (${role.code})`]));
    this.instances = new Map(
      data.instances.map((instance) => {
        const item = data.items.get(instance.itemId);
        const name = instance.name.trim() || text(item?.name) || `#${String(instance.id)}`;
        return [instance.id, name];
      }),
    );
  }

  role = (id: number): string => this.roles.get(id) ?? `#${String(id)}`;
  instance = (id: number): string => this.instances.get(id) ?? `#${String(id)}`;
  text = (value: Parameters<typeof catalogText>[0]): string =>
    catalogText(value, this.data.locale, this.data.catalog.defaultLanguage);
}

function priceHeader(texts: ReportTexts, scored: boolean): string {
  return scored ? texts.column.score : texts.column.price;
}

/** The label of a main total row, saying when formula errors left it incomplete. */
export function mainTotal(
  data: StoryReportData,
  calculation: StoryCalculation,
  texts: ReportTexts,
): string {
  return incompleteTotal(texts.total, unpricedInstanceCount(calculation), data.locale);
}

/** Total price, time, optional, instances and errors: the facts every story report starts with. */
export function storyFacts(
  data: StoryReportData,
  calculation: StoryCalculation,
  texts: ReportTexts,
): ReportFact[] {
  const scored = isScored(data.catalog.type);
  const facts: ReportFact[] = [
    {
      label: texts.fact.catalog,
      value: `${data.catalog.name} (${data.catalog.code})`,
      format: 'text',
    },
    {
      label: incompleteTotal(
        scored ? texts.fact.totalScore : texts.fact.totalPrice,
        unpricedInstanceCount(calculation),
        data.locale,
      ),
      value: calculation.total.price,
      format: 'money',
    },
    { label: texts.fact.time, value: decimalCell(calculation.total.mandays), format: 'mandays' },
  ];
  if (calculation.optional.price !== '0.00' || calculation.optional.mandays !== 0) {
    facts.push({
      label: scored ? texts.fact.optionalScore : texts.fact.optional,
      value: calculation.optional.price,
      format: 'money',
    });
  }
  facts.push(
    { label: texts.fact.instances, value: String(data.instances.length), format: 'integer' },
    { label: texts.fact.errors, value: String(calculation.errors.length), format: 'integer' },
  );
  return facts;
}

function rolesTable(
  data: StoryReportData,
  calculation: StoryCalculation,
  texts: ReportTexts,
  names: StoryNames,
): ReportTable {
  const scored = isScored(data.catalog.type);
  const units = new Map(data.roles.map((role) => [role.id, role.unit]));
  return {
    title: texts.table.roles,
    columns: [
      column(texts.column.role, 'text'),
      column(texts.column.unit, 'text'),
      column(texts.column.amount, 'amount'),
      column(scored ? texts.column.scorePrice : texts.column.unitPrice, 'unitPrice'),
      column(texts.column.time, 'mandays', true),
      column(priceHeader(texts, scored), 'money', true),
    ],
    rows: calculation.byRole.filter(isUsedRole).map((role) => {
      const unit = units.get(role.roleId);
      return row([
        names.role(role.roleId),
        unit === undefined ? null : unitSymbol(unit, data.locale),
        decimalCell(role.amount),
        role.unitPrice,
        decimalCell(role.mandays),
        role.price,
      ]);
    }),
    total: [
      mainTotal(data, calculation, texts),
      null,
      null,
      null,
      decimalCell(calculation.total.mandays),
      calculation.total.price,
    ],
  };
}

function phasesTable(
  data: StoryReportData,
  calculation: StoryCalculation,
  texts: ReportTexts,
  names: StoryNames,
): ReportTable {
  const scored = isScored(data.catalog.type);
  const order = new Map(data.phases.map((phase, index) => [phase.id, index]));
  const phaseNames = new Map(data.phases.map((phase) => [phase.id, names.text(phase.name)]));
  const entries = calculation.byPhase.toSorted(
    (a, b) =>
      (a.phaseId === null ? Infinity : (order.get(a.phaseId) ?? 0)) -
      (b.phaseId === null ? Infinity : (order.get(b.phaseId) ?? 0)),
  );
  return {
    title: texts.table.phases,
    columns: [
      column(texts.column.phase, 'text'),
      column(texts.column.time, 'mandays', true),
      column(priceHeader(texts, scored), 'money', true),
    ],
    rows: entries.map((entry) =>
      row([
        entry.phaseId === null ? texts.withoutPhase : (phaseNames.get(entry.phaseId) ?? ''),
        decimalCell(entry.mandays),
        entry.price,
      ]),
    ),
    total: [
      mainTotal(data, calculation, texts),
      decimalCell(calculation.total.mandays),
      calculation.total.price,
    ],
  };
}

/** Groups as a tree (depth first, in the catalog's order), each row its group's subtotal. */
function groupsTable(
  data: StoryReportData,
  calculation: StoryCalculation,
  texts: ReportTexts,
  names: StoryNames,
  topOnly: boolean,
): ReportTable {
  const scored = isScored(data.catalog.type);
  const totals = new Map(calculation.byGroup.map((entry) => [entry.groupId, entry]));
  const children = new Map<number | null, ReportGroup[]>();
  for (const group of data.groups) {
    const siblings = children.get(group.parentId) ?? [];
    siblings.push(group);
    children.set(group.parentId, siblings);
  }
  const rows: ReportRow[] = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const group of children.get(parentId) ?? []) {
      const total = totals.get(group.id);
      if (!total) continue;
      rows.push(row([names.text(group.name), decimalCell(total.mandays), total.price], depth));
      if (!topOnly) visit(group.id, depth + 1);
    }
  };
  visit(null, 0);
  const ungrouped = totals.get(null);
  if (ungrouped) {
    rows.push(row([texts.withoutGroup, decimalCell(ungrouped.mandays), ungrouped.price]));
  }
  return {
    title: texts.table.groups,
    columns: [
      column(texts.column.group, 'text'),
      column(texts.column.time, 'mandays', true),
      column(priceHeader(texts, scored), 'money', true),
    ],
    rows,
    total: [
      mainTotal(data, calculation, texts),
      decimalCell(calculation.total.mandays),
      calculation.total.price,
    ],
  };
}

/** Instances in the story's order: the main ones with the total, the optional ones apart. */
function instanceTables(
  data: StoryReportData,
  calculation: StoryCalculation,
  texts: ReportTexts,
  names: StoryNames,
): ReportTable[] {
  const scored = isScored(data.catalog.type);
  const figures = new Map(calculation.byInstance.map((entry) => [entry.instanceId, entry]));
  const groupNames = new Map(data.groups.map((group) => [group.id, names.text(group.name)]));
  const phaseNames = new Map(data.phases.map((phase) => [phase.id, names.text(phase.name)]));
  const columns = [
    column(texts.column.instance, 'text'),
    column(texts.column.item, 'text'),
    column(texts.column.group, 'text'),
    column(texts.column.phase, 'text'),
    column(texts.column.level, 'integer'),
    column(texts.column.errors, 'integer', true),
    column(texts.column.time, 'mandays', true),
    column(priceHeader(texts, scored), 'money', true),
  ];
  const rowsOf = (optional: boolean) =>
    data.instances
      .filter((instance) => instance.optional === optional)
      .map((instance) => {
        const item = data.items.get(instance.itemId);
        const figure = figures.get(instance.id);
        const errors = figure?.errorCount ?? 0;
        return row(
          [
            names.instance(instance.id),
            item?.code ?? null,
            item?.groupId == null ? null : (groupNames.get(item.groupId) ?? null),
            item?.phaseId == null ? null : (phaseNames.get(item.phaseId) ?? null),
            String(instance.level),
            String(errors),
            decimalCell(figure?.mandays ?? 0),
            figure?.price ?? '0.00',
          ],
          0,
          errors > 0,
        );
      });
  const errorsIn = (optional: boolean) =>
    String(
      calculation.byInstance
        .filter((entry) => entry.optional === optional)
        .reduce((sum, entry) => sum + entry.errorCount, 0),
    );
  const tables: ReportTable[] = [
    {
      title: texts.table.instances,
      columns,
      rows: rowsOf(false),
      total: [
        mainTotal(data, calculation, texts),
        null,
        null,
        null,
        null,
        errorsIn(false),
        decimalCell(calculation.total.mandays),
        calculation.total.price,
      ],
    },
  ];
  const optionalRows = rowsOf(true);
  if (optionalRows.length > 0) {
    tables.push({
      title: texts.table.optionalInstances,
      columns,
      rows: optionalRows,
      total: [
        texts.total,
        null,
        null,
        null,
        null,
        errorsIn(true),
        decimalCell(calculation.optional.mandays),
        calculation.optional.price,
      ],
    });
  }
  return tables;
}

/** One of the story's reports from its data and calculation (the catalog's prices). */
export function buildStoryReport(
  kind: StoryReportKind,
  data: StoryReportData,
  calculation: StoryCalculation,
  generatedAt: string,
): Report {
  const texts = REPORT_TEXTS[data.locale];
  const names = new StoryNames(data);
  let tables: ReportTable[];
  switch (kind) {
    case 'roles':
      tables = [rolesTable(data, calculation, texts, names)];
      break;
    case 'phases':
      tables = [phasesTable(data, calculation, texts, names)];
      break;
    case 'ctl':
      tables = [groupsTable(data, calculation, texts, names, false)];
      break;
    case 'ict':
      tables = instanceTables(data, calculation, texts, names);
      break;
    case 'story':
      tables = [
        rolesTable(data, calculation, texts, names),
        phasesTable(data, calculation, texts, names),
        groupsTable(data, calculation, texts, names, true),
      ];
      break;
  }
  tables.push(...errorsTable(calculation, data.locale, names));
  const notes = [
    ...(calculation.errors.length > 0 ? [texts.errorsNote] : []),
    ...(calculation.optional.price !== '0.00' ? [texts.optionalNote] : []),
  ];
  return {
    kind,
    locale: data.locale,
    currency: reportCurrency(data.catalog),
    title: texts.title[kind],
    subject: data.story.name,
    generatedAt,
    parties: data.company ? [partyOf(texts.caption.issuer, data.company)] : [],
    facts: storyFacts(data, calculation, texts),
    tables,
    notes,
    fileName: reportFileName(texts.title[kind], data.story.name),
  };
}
