// A lineup as a quote for the customer from the supplier: the parties, the story priced role by role with each price's source, the totals and any formula errors.
import { isScored, isUsedRole, type Report, type ReportTable } from '@costory/shared';
import type { PartnerCompanyRow } from '../../db/schema';
import type { PricedLineup } from '../stories/lineups/lineup-pricing';
import {
  decimalCell,
  errorsTable,
  partyOf,
  reportCurrency,
  reportFileName,
  unitSymbol,
} from './report-parts';
import { REPORT_TEXTS } from './report-texts';
import type { StoryReportData } from './story-report-data';
import { mainTotal, StoryNames, storyFacts } from './story-reports';

export interface LineupReportInput {
  data: StoryReportData;
  lineup: { name: string; description: string };
  priced: PricedLineup;
  supplier: PartnerCompanyRow;
  subscriber: PartnerCompanyRow;
}

export function buildLineupReport(input: LineupReportInput, generatedAt: string): Report {
  const { data, lineup, priced, supplier, subscriber } = input;
  const texts = REPORT_TEXTS[data.locale];
  const names = new StoryNames(data);
  const scored = isScored(data.catalog.type);
  const { calculation } = priced;
  const roles = priced.roles.filter(isUsedRole);
  const quote: ReportTable = {
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
    rows: roles.map((role) => ({
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
  const parties = [
    ...(data.company ? [partyOf(texts.caption.issuer, data.company)] : []),
    partyOf(texts.caption.supplier, supplier),
    partyOf(texts.caption.customer, subscriber),
  ];
  return {
    kind: 'lineup',
    locale: data.locale,
    currency: reportCurrency(data.catalog),
    title: texts.title.lineup,
    subject: data.story.name,
    generatedAt,
    parties,
    facts: [
      { label: texts.fact.lineup, value: lineup.name, format: 'text' },
      ...storyFacts(data, calculation, texts),
    ],
    tables: [quote, ...errorsTable(calculation, data.locale, names)],
    notes: [
      ...(lineup.description.trim() === '' ? [] : [lineup.description.trim()]),
      ...(calculation.errors.length > 0 ? [texts.errorsNote] : []),
      ...(calculation.optional.price !== '0.00' ? [texts.optionalNote] : []),
    ],
    fileName: reportFileName(texts.title.lineup, lineup.name, data.story.name),
  };
}
