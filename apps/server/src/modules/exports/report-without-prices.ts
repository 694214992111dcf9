// A story report as a customer receives it (decision 0033): the story's own prices are the catalog's, so every money and unit-price column and fact is left out; amounts and time stay.
import type { Report, ReportTable, ReportValueFormat } from '@costory/shared';

const PRICE_FORMATS: ReadonlySet<ReportValueFormat> = new Set(['money', 'unitPrice']);

function tableWithoutPrices(table: ReportTable): ReportTable {
  const kept = table.columns.flatMap((column, index) =>
    PRICE_FORMATS.has(column.format) ? [] : [index],
  );
  const pick = <T>(cells: readonly T[]): T[] => kept.map((index) => cells[index] as T);
  return {
    ...table,
    columns: pick(table.columns),
    rows: table.rows.map((row) => ({ ...row, cells: pick(row.cells) })),
    total: table.total === null ? null : pick(table.total),
  };
}

export function reportWithoutPrices(report: Report): Report {
  return {
    ...report,
    facts: report.facts.filter((fact) => !PRICE_FORMATS.has(fact.format)),
    tables: report.tables.map(tableWithoutPrices),
  };
}
