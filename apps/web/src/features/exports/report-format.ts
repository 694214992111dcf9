// How a report's values read in the web preview: the same formats as the PDF (money with 2 decimals and the currency, amounts up to 4 decimals).
import type { Report, ReportValueFormat } from '@costory/shared';
import { formatMoney, formatNumber } from '../../lib/format';

/** Report numbers are decimal text; Intl formats the text exactly (no binary float on the way). */
export function formatReportValue(
  value: string | null,
  format: ReportValueFormat,
  report: Pick<Report, 'locale' | 'currency'>,
): string {
  if (value === null) return '';
  if (format === 'text') return value;
  const number = value as Intl.StringNumericLiteral;
  switch (format) {
    case 'money':
      return report.currency === null
        ? formatNumber(number, report.locale, {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          })
        : formatMoney(number, report.currency, report.locale, {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          });
    case 'integer':
      return formatNumber(number, report.locale, { maximumFractionDigits: 0 });
    case 'amount':
    case 'mandays':
      return formatNumber(number, report.locale, { maximumFractionDigits: 4 });
  }
}
