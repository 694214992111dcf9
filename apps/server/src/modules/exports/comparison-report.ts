// A comparison of two states of a story as a report (decision 0042 "Comparison"): the totals as facts, then roles, phases and instances with both sides and the difference, rendered by the existing PDF and .xlsx renderers.
import type {
  ComparisonReason,
  LocalizedText,
  Locale,
  Report,
  ReportTable,
  StoryVersionComparison,
} from '@costory/shared';
import { catalogText, decimalCell, reportFileName } from './report-parts';
import { REPORT_TEXTS } from './report-texts';
import { reportWithoutPrices } from './report-without-prices';

export interface ComparisonReportInput {
  comparison: StoryVersionComparison;
  storyName: string;
  /** Money cells' currency; null for score catalogs. */
  currency: string | null;
  defaultLanguage: string;
  locale: Locale;
  generatedAt: string;
  withPrices: boolean;
}

type Figures = StoryVersionComparison['total']['from'];

/** Price, difference, time and difference cells of two sides: four money and time columns. */
function figureCells(from: Figures, to: Figures, difference: Figures): (string | null)[] {
  return [
    from.price,
    to.price,
    difference.price,
    decimalCell(from.mandays),
    decimalCell(to.mandays),
    decimalCell(difference.mandays),
  ];
}

export function buildComparisonReport(input: ComparisonReportInput): Report {
  const { comparison, locale } = input;
  const texts = REPORT_TEXTS[locale];
  const words = texts.comparison;
  const text = (value: LocalizedText | null) => catalogText(value, locale, input.defaultLanguage);
  const sideName = (side: StoryVersionComparison['from']) =>
    side.name ?? (side.upgraded ? words.upgraded : words.live);
  const reasons = (list: readonly ComparisonReason[]) =>
    list.map((reason) => words.reason[reason]).join(', ');
  const figureColumns = [
    { header: `${texts.column.price}: ${words.from}`, format: 'money', summed: false },
    { header: `${texts.column.price}: ${words.to}`, format: 'money', summed: false },
    { header: `${texts.column.price}: ${words.difference}`, format: 'money', summed: false },
    { header: `${texts.column.time}: ${words.from}`, format: 'mandays', summed: false },
    { header: `${texts.column.time}: ${words.to}`, format: 'mandays', summed: false },
    { header: `${texts.column.time}: ${words.difference}`, format: 'mandays', summed: false },
  ] as const;
  // A side without the role, phase or instance: nothing, as the comparison counts it.
  const zero: Figures = { price: input.withPrices ? '0.00' : null, mandays: 0 };
  const roles: ReportTable = {
    title: texts.table.roles,
    columns: [
      { header: texts.column.code, format: 'text', summed: false },
      { header: texts.column.role, format: 'text', summed: false },
      ...figureColumns,
      { header: words.reasons, format: 'text', summed: false },
    ],
    rows: comparison.byRole.map((role) => ({
      cells: [
        role.code,
        text(role.name),
        ...figureCells(role.from ?? zero, role.to ?? zero, role.difference),
        reasons(role.reasons),
      ],
      level: 0,
      muted: false,
    })),
    total: null,
  };
  const phases: ReportTable = {
    title: texts.table.phases,
    columns: [{ header: texts.column.phase, format: 'text', summed: false }, ...figureColumns],
    rows: comparison.byPhase.map((phase) => ({
      cells: [
        phase.phaseId === null ? texts.withoutPhase : text(phase.name),
        ...figureCells(phase.from, phase.to, phase.difference),
      ],
      level: 0,
      muted: false,
    })),
    total: null,
  };
  const { added, removed, changed } = comparison.instances;
  const instances: ReportTable = {
    title: texts.table.instances,
    columns: [
      { header: words.change, format: 'text', summed: false },
      { header: texts.column.instance, format: 'text', summed: false },
      { header: texts.column.item, format: 'text', summed: false },
      { header: words.reasons, format: 'text', summed: false },
      { header: words.values, format: 'text', summed: false },
      { header: texts.column.level, format: 'text', summed: false },
      { header: words.itemVersion, format: 'text', summed: false },
      ...figureColumns,
    ],
    rows: [
      ...changed.map((entry) => ({
        cells: [
          words.changed,
          entry.name,
          `${entry.itemCode} ${text(entry.itemName)}`,
          reasons(entry.reasons),
          entry.values
            .map((value) => `${value.attribute}: ${String(value.from)} → ${String(value.to)}`)
            .join('; '),
          `${entry.from.level} → ${entry.to.level}`,
          `${String(entry.from.itemVersion)} → ${String(entry.to.itemVersion)}`,
          ...figureCells(entry.from, entry.to, entry.difference),
        ],
        level: 0,
        muted: false,
      })),
      ...added.map((entry) => ({
        cells: [
          words.added,
          entry.name,
          `${entry.itemCode} ${text(entry.itemName)}`,
          '',
          '',
          String(entry.state.level),
          String(entry.state.itemVersion),
          ...figureCells(zero, entry.state, entry.state),
        ],
        level: 0,
        muted: entry.state.optional,
      })),
      ...removed.map((entry) => ({
        cells: [
          words.removed,
          entry.name,
          `${entry.itemCode} ${text(entry.itemName)}`,
          '',
          '',
          String(entry.state.level),
          String(entry.state.itemVersion),
          ...figureCells(entry.state, zero, {
            price: entry.state.price === null ? null : negate(entry.state.price),
            mandays: -entry.state.mandays,
          }),
        ],
        level: 0,
        muted: entry.state.optional,
      })),
    ],
    total: null,
  };
  const report: Report = {
    kind: 'comparison',
    locale,
    currency: input.currency,
    title: texts.title.comparison,
    subject: input.storyName,
    generatedAt: input.generatedAt,
    parties: [],
    facts: [
      { label: words.from, value: sideName(comparison.from), format: 'text' },
      { label: words.to, value: sideName(comparison.to), format: 'text' },
      ...(['from', 'to', 'difference'] as const).flatMap((side) => [
        {
          label: `${texts.fact.totalPrice}: ${words[side]}`,
          value: comparison.total[side].price ?? '',
          format: 'money' as const,
        },
        {
          label: `${texts.fact.time}: ${words[side]}`,
          value: decimalCell(comparison.total[side].mandays),
          format: 'mandays' as const,
        },
      ]),
    ],
    tables: [roles, phases, instances],
    notes: [texts.optionalNote],
    fileName: reportFileName(texts.title.comparison, input.storyName),
  };
  return input.withPrices ? report : reportWithoutPrices(report);
}

/** A money string's opposite: a removed instance's difference. */
function negate(money: string): string {
  if (money.startsWith('-')) return money.slice(1);
  return /^0\.00$/.test(money) ? money : `-${money}`;
}
