// Writes a report's values (decimal text, ISO dates) as its readers expect them in the report's locale: the PDF, the spreadsheet and the web preview alike.
import { LOCALE_FORMAT_TAGS } from './locale';
import type { Report, ReportValueFormat } from './reports';

/** Decimal text as the report carries it: optional minus, digits, optional dot and digits. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** The calendar date at the start of an ISO date or date-time ("2025-11-24T09:30:00+01:00"). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

export interface ValueFormatter {
  /** A cell or fact value as text; null (an empty cell) is the empty string. */
  value(value: string | null, format: ReportValueFormat): string;
  /** The report's date (generatedAt) without its time. */
  date(iso: string): string;
}

/** Refuses anything but decimal text, so that a broken report fails instead of printing "NaN". */
export function assertDecimal(value: string): void {
  if (!DECIMAL.test(value)) throw new Error(`Not a decimal number: "${value}"`);
}

/**
 * Formatters for one report. Intl.NumberFormat formats decimal text exactly (Intl.NumberFormat v3,
 * Node 20), so money keeps every digit here, however large; only the spreadsheet converts to
 * binary floats. The Intl objects are built once per report: building one costs far more than
 * formatting a value, and a table may hold tens of thousands of cells.
 */
export function createValueFormatter(report: Pick<Report, 'locale' | 'currency'>): ValueFormatter {
  const tag = LOCALE_FORMAT_TAGS[report.locale];
  const money = new Intl.NumberFormat(tag, {
    ...(report.currency === null ? {} : { style: 'currency', currency: report.currency }),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const unitPrice = new Intl.NumberFormat(tag, {
    ...(report.currency === null ? {} : { style: 'currency', currency: report.currency }),
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const upToFour = new Intl.NumberFormat(tag, { maximumFractionDigits: 4 });
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  // Dates are read in UTC from their own calendar fields (see date()), so UTC formats them back.
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });

  const numberFormats: Record<Exclude<ReportValueFormat, 'text'>, Intl.NumberFormat> = {
    money,
    unitPrice,
    amount: upToFour,
    mandays: upToFour,
    integer,
  };

  return {
    value(value, format) {
      if (value === null) return '';
      if (format === 'text') return value;
      assertDecimal(value);
      // The string overload formats the decimal exactly; TypeScript's lib only knows its shape.
      return numberFormats[format].format(value as Intl.StringNumericLiteral);
    },
    date(iso) {
      // The date as the text states it: the server picks the time zone through the offset it
      // writes, and the result does not depend on the time zone of the machine that renders.
      const match = ISO_DATE.exec(iso);
      if (!match) throw new Error(`Not an ISO date: "${iso}"`);
      const [, year, month, day] = match;
      return dates.format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))));
    },
  };
}
