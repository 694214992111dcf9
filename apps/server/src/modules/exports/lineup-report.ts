// A lineup as a quote for the customer from the supplier. The internal variant (the team's) shows each price's source, the story's facts and any formula errors; the customer variant (an issued quote, or a CUSTOMER member's export) only the final prices, and for a quote its number, dates, VAT and terms.
import {
  createValueFormatter,
  isScored,
  isUsedRole,
  LOCALE_FORMAT_TAGS,
  type Report,
  type ReportFact,
  type ReportTable,
  type UnitOfMeasure,
} from '@costory/shared';
import type { PricedLineup } from '../stories/lineups/lineup-pricing';
import {
  decimalCell,
  errorsTable,
  partyOf,
  reportCurrency,
  reportFileName,
  unitSymbol,
  type ReportPartner,
} from './report-parts';
import { incompleteTotal, REPORT_TEXTS, type ReportTexts } from './report-texts';
import type { StoryReportData } from './story-report-data';
import { mainTotal, StoryNames, storyFacts } from './story-reports';

/**
 * Who a lineup report is for. `internal`: the team that prices (price sources, catalog facts,
 * formula errors). `customer`: the quote's reader, final unit prices and totals only (design.md §4,
 * note 1): an issued quote always, and the lineup export of a member without READ_MARGINS.
 */
export type LineupReportAudience = 'internal' | 'customer';

/** One role line as the customer variant prints it (a priced role, or a quote's stored line). */
export interface CustomerLine {
  roleId: number;
  unit: UnitOfMeasure;
  amount: number;
  mandays: number;
  unitPrice: string;
  price: string;
}

/** What an issued quote adds: its number, dates, VAT and terms, and the lines as issued. */
export interface QuoteReportInput {
  number: string;
  /** ISO dates. */
  issueDate: string;
  validUntil: string;
  /** Percent as decimal text ("21"). */
  vatRate: string;
  paymentTerms: string;
  note: string;
  lines: CustomerLine[];
  total: { price: string; mandays: number };
  unpricedInstances: number;
  totalWithoutVat: string;
  vatAmount: string;
  totalWithVat: string;
  /** The issuing company's logo as a data URL, or null. */
  logo: string | null;
}

export interface LineupReportInput {
  data: StoryReportData;
  lineup: { name: string; description: string };
  priced: PricedLineup;
  supplier: ReportPartner;
  subscriber: ReportPartner;
}

function internalTable(
  input: LineupReportInput,
  texts: ReportTexts,
  names: StoryNames,
): ReportTable {
  const { data, priced } = input;
  const scored = isScored(data.catalog.type);
  const { calculation } = priced;
  return {
    title: texts.table.quote,
    columns: [
      { header: texts.column.role, format: 'text', summed: false },
      { header: texts.column.unit, format: 'text', summed: false },
      { header: texts.column.amount, format: 'amount', summed: false },
      {
        header: scored ? texts.column.scorePrice : texts.column.unitPrice,
        format: 'unitPrice',
        summed: false,
      },
      { header: texts.column.source, format: 'text', summed: false },
      { header: texts.column.time, format: 'mandays', summed: true },
      { header: scored ? texts.column.score : texts.column.price, format: 'money', summed: true },
    ],
    rows: priced.roles.filter(isUsedRole).map((role) => ({
      cells: [
        names.role(role.roleId),
        unitSymbol(role.unit, data.locale),
        decimalCell(role.amount),
        role.unitPrice,
        texts.source[role.source],
        decimalCell(role.mandays),
        role.price,
      ],
      level: 0,
      muted: false,
    })),
    total: [
      mainTotal(data, calculation, texts),
      null,
      null,
      null,
      null,
      decimalCell(calculation.total.mandays),
      calculation.total.price,
    ],
  };
}

/** The role lines with final unit prices only: no source, no catalog or supplier price. */
function customerTable(
  data: StoryReportData,
  lines: readonly CustomerLine[],
  total: { label: string; price: string; mandays: number },
  texts: ReportTexts,
  names: StoryNames,
): ReportTable {
  const scored = isScored(data.catalog.type);
  return {
    title: texts.table.quote,
    columns: [
      { header: texts.column.role, format: 'text', summed: false },
      { header: texts.column.unit, format: 'text', summed: false },
      { header: texts.column.amount, format: 'amount', summed: false },
      {
        header: scored ? texts.column.scorePrice : texts.column.unitPrice,
        format: 'unitPrice',
        summed: false,
      },
      { header: texts.column.time, format: 'mandays', summed: true },
      { header: scored ? texts.column.score : texts.column.price, format: 'money', summed: true },
    ],
    rows: lines.filter(isUsedRole).map((line) => ({
      cells: [
        names.role(line.roleId),
        unitSymbol(line.unit, data.locale),
        decimalCell(line.amount),
        line.unitPrice,
        decimalCell(line.mandays),
        line.price,
      ],
      level: 0,
      muted: false,
    })),
    total: [total.label, null, null, null, decimalCell(total.mandays), total.price],
  };
}

/** A quote's facts: number, dates in the report's locale, totals without and with VAT, terms. */
function quoteFacts(data: StoryReportData, quote: QuoteReportInput, texts: ReportTexts) {
  const formatter = createValueFormatter({ locale: data.locale, currency: null });
  const percent = new Intl.NumberFormat(LOCALE_FORMAT_TAGS[data.locale], {
    maximumFractionDigits: 2,
  });
  const facts: ReportFact[] = [
    { label: texts.quote.number, value: quote.number, format: 'text' },
    { label: texts.quote.issueDate, value: formatter.date(quote.issueDate), format: 'text' },
    { label: texts.quote.validUntil, value: formatter.date(quote.validUntil), format: 'text' },
    {
      label: incompleteTotal(texts.quote.totalWithoutVat, quote.unpricedInstances, data.locale),
      value: quote.totalWithoutVat,
      format: 'money',
    },
    {
      label: texts.quote.vatRate,
      value: `${percent.format(quote.vatRate as Intl.StringNumericLiteral)} %`,
      format: 'text',
    },
    { label: texts.quote.vat, value: quote.vatAmount, format: 'money' },
    { label: texts.quote.totalWithVat, value: quote.totalWithVat, format: 'money' },
  ];
  if (quote.paymentTerms.trim() !== '') {
    facts.push({ label: texts.quote.paymentTerms, value: quote.paymentTerms, format: 'text' });
  }
  return facts;
}

function partiesOf(input: Omit<LineupReportInput, 'priced'>, texts: ReportTexts) {
  const { data, supplier, subscriber } = input;
  return [
    ...(data.company ? [partyOf(texts.caption.issuer, data.company, data.locale)] : []),
    partyOf(texts.caption.supplier, supplier, data.locale),
    partyOf(texts.caption.customer, subscriber, data.locale),
  ];
}

function descriptionNotes(lineup: { description: string }): string[] {
  const description = lineup.description.trim();
  return description === '' ? [] : [description];
}

/**
 * An issued quote: the customer variant with the lines and totals stored when it was issued, its
 * number, issue and validity dates, VAT, payment terms, note and the issuer's logo.
 */
export function buildQuoteReport(
  input: Omit<LineupReportInput, 'priced'>,
  generatedAt: string,
  quote: QuoteReportInput,
): Report {
  const { data, lineup } = input;
  const texts = REPORT_TEXTS[data.locale];
  const totalLabel = incompleteTotal(texts.total, quote.unpricedInstances, data.locale);
  return {
    kind: 'lineup',
    locale: data.locale,
    currency: reportCurrency(data.catalog),
    title: `${texts.quote.title} ${quote.number}`,
    subject: data.story.name,
    generatedAt,
    parties: partiesOf(input, texts),
    facts: [
      ...quoteFacts(data, quote, texts),
      { label: texts.fact.lineup, value: lineup.name, format: 'text' },
    ],
    tables: [
      customerTable(
        data,
        quote.lines,
        { ...quote.total, label: totalLabel },
        texts,
        new StoryNames(data),
      ),
    ],
    notes: [
      ...(quote.note.trim() === '' ? [] : [`${texts.quote.note}: ${quote.note.trim()}`]),
      ...descriptionNotes(lineup),
    ],
    logo: quote.logo,
    fileName: reportFileName(texts.quote.title, quote.number, lineup.name),
  };
}

/** The lineup report as priced now, for `audience` (see LineupReportAudience). */
export function buildLineupReport(
  input: LineupReportInput,
  generatedAt: string,
  audience: LineupReportAudience = 'internal',
): Report {
  const { data, lineup, priced } = input;
  const texts = REPORT_TEXTS[data.locale];
  const names = new StoryNames(data);
  const { calculation } = priced;
  const optionalNote = calculation.optional.price !== '0.00' ? [texts.optionalNote] : [];
  const common = {
    kind: 'lineup' as const,
    locale: data.locale,
    currency: reportCurrency(data.catalog),
    title: texts.title.lineup,
    subject: data.story.name,
    generatedAt,
    parties: partiesOf(input, texts),
    logo: null,
    fileName: reportFileName(texts.title.lineup, lineup.name, data.story.name),
  };

  if (audience === 'customer') {
    const total = { ...calculation.total, label: mainTotal(data, calculation, texts) };
    return {
      ...common,
      facts: [
        { label: texts.fact.lineup, value: lineup.name, format: 'text' },
        { label: total.label, value: total.price, format: 'money' },
        { label: texts.fact.time, value: decimalCell(total.mandays), format: 'mandays' },
      ],
      tables: [customerTable(data, priced.roles, total, texts, names)],
      notes: [...descriptionNotes(lineup), ...optionalNote],
    };
  }

  return {
    ...common,
    facts: [
      { label: texts.fact.lineup, value: lineup.name, format: 'text' },
      ...storyFacts(data, calculation, texts),
    ],
    tables: [internalTable(input, texts, names), ...errorsTable(calculation, data.locale, names)],
    notes: [
      ...descriptionNotes(lineup),
      ...(calculation.errors.length > 0 ? [texts.errorsNote] : []),
      ...optionalNote,
    ],
  };
}
