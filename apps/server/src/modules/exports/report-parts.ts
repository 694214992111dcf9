// Pieces every export report is made of: a company as a party, file names, number cells, catalog texts in the report's language and the formula errors table.
import type { StoryCalculation } from '@costory/calc';
import {
  foldForSearch,
  isScored,
  pickLocalized,
  UNIT_SYMBOLS,
  type CatalogType,
  type LocalizedText,
  type Locale,
  type ReportParty,
  type ReportTable,
  type UnitOfMeasure,
} from '@costory/shared';
import type { CompanyRow } from '../../db/schema';
import { REPORT_TEXTS } from './report-texts';

/** The currency of money cells; null for score catalogs. */
export function reportCurrency(catalog: { type: CatalogType; currency: string }): string | null {
  return isScored(catalog.type) ? null : catalog.currency;
}

/** A company's name and address lines, as a report's header shows them. */
/** What a report shows of a company: its name, address, contacts and tax numbers. */
export type ReportPartner = Pick<
  CompanyRow,
  'name' | 'street' | 'streetNumber' | 'zip' | 'city' | 'country' | 'email' | 'phone'
> &
  Partial<Pick<CompanyRow, 'ico' | 'dic'>>;

export function partyOf(caption: string, company: ReportPartner, locale?: Locale): ReportParty {
  const join = (...parts: (string | null)[]) =>
    parts
      .map((part) => part?.trim() ?? '')
      .filter((part) => part !== '')
      .join(' ');
  const lines = [
    join(company.street, company.streetNumber),
    join(company.zip, company.city),
    join(company.country),
    join(company.email),
    join(company.phone),
    ...taxIdLines(company, locale),
  ].filter((line) => line !== '');
  return { caption, name: company.name, lines };
}

/** "IČO: 25596641" and "DIČ: CZ25596641" when the company has them (and the report's locale is known). */
function taxIdLines(
  company: Partial<Pick<CompanyRow, 'ico' | 'dic'>>,
  locale: Locale | undefined,
): string[] {
  if (locale === undefined) return [];
  const texts = REPORT_TEXTS[locale].taxId;
  const lines: string[] = [];
  const ico = company.ico?.trim() ?? '';
  const dic = company.dic?.trim() ?? '';
  if (ico !== '') lines.push(`${texts.ico}: ${ico}`);
  if (dic !== '') lines.push(`${texts.dic}: ${dic}`);
  return lines;
}

/**
 * A file name without extension that any browser and file system accepts: the words of `parts`
 * without accents, joined by hyphens ("souhrn-podle-roli-kancelar-brno").
 */
export function reportFileName(...parts: string[]): string {
  const slug = foldForSearch(parts.join(' '))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? 'export' : slug;
}

/** A number as decimal text for a report cell (amounts and times are rounded to 4 decimals). */
export function decimalCell(value: number): string {
  if (Object.is(value, -0)) return '0';
  const text = value.toFixed(4);
  return text.replace(/\.?0+$/, '');
}

export function catalogText(
  text: LocalizedText | null | undefined,
  locale: Locale,
  defaultLanguage: string,
): string {
  return pickLocalized(text, locale, defaultLanguage);
}

export function unitSymbol(unit: UnitOfMeasure, locale: Locale): string {
  return UNIT_SYMBOLS[locale][unit];
}

/** The table of formula errors (instance, role, level, error), or nothing when there are none. */
export function errorsTable(
  calculation: Pick<StoryCalculation, 'errors'>,
  locale: Locale,
  names: { instance: (id: number) => string; role: (id: number) => string },
): ReportTable[] {
  if (calculation.errors.length === 0) return [];
  const texts = REPORT_TEXTS[locale];
  return [
    {
      title: texts.table.errors,
      columns: [
        { header: texts.column.instance, format: 'text', summed: false },
        { header: texts.column.role, format: 'text', summed: false },
        { header: texts.column.level, format: 'integer', summed: false },
        { header: texts.column.error, format: 'text', summed: false },
      ],
      rows: calculation.errors.map((entry) => ({
        cells: [
          names.instance(entry.instanceId),
          names.role(entry.roleId),
          String(entry.level),
          entry.error.attribute === undefined
            ? texts.error[entry.error.code]
            : `${texts.error[entry.error.code]}: ${entry.error.attribute}`,
        ],
        level: 0,
        muted: false,
      })),
      total: null,
    },
  ];
}
