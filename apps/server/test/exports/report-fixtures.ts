// Export report test data: a report with a long priced table whose totals are summed exactly, a catalog tree, and reading an .xlsx back.
import type { Report, ReportTable } from '@costory/shared';
import ExcelJS from 'exceljs';

export const CZECH_PANGRAM = 'Příliš žluťoučký kůň úpěl ďábelské ódy';

/** Cents as decimal text with 2 decimals ("125050" -> "1250.50"). */
function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Ten-thousandths as decimal text with up to 4 decimals ("12500" -> "1.25"). */
function tenThousandthsText(units: bigint): string {
  const fraction = (units % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction === '' ? `${units / 10_000n}` : `${units / 10_000n}.${fraction}`;
}

export interface PricedTableOptions {
  rows: number;
  locale: Report['locale'];
  title?: string | null;
}

/**
 * Six columns (item, group, count, mandays, rate, price); rows priced 1,250.50 + i, so the
 * totals are known exactly: mandays sum to 0.25 * n(n+1)/2 and prices to n * 1,250.50 + n(n+1)/2.
 */
export function pricedTable(options: PricedTableOptions): ReportTable {
  const cs = options.locale === 'cs';
  let priceCents = 0n;
  let mandayUnits = 0n;
  const rows = Array.from({ length: options.rows }, (_, index) => {
    const n = BigInt(index + 1);
    const price = 125_050n + n * 100n;
    const mandays = n * 2_500n;
    priceCents += price;
    mandayUnits += mandays;
    return {
      cells: [
        `${cs ? 'Řádek' : 'Row'} ${index + 1}`,
        index % 2 === 0 ? 'Čeština' : 'Ďábel',
        String(index + 1),
        tenThousandthsText(mandays),
        '812.3525',
        centsText(price),
      ],
      level: 0,
      muted: index % 7 === 0,
    };
  });
  return {
    title: options.title === undefined ? (cs ? 'Položky příběhu' : 'Story items') : options.title,
    columns: [
      { header: cs ? 'Položka' : 'Item', format: 'text', summed: false },
      { header: cs ? 'Skupina' : 'Group', format: 'text', summed: false },
      { header: cs ? 'Počet' : 'Count', format: 'integer', summed: false },
      { header: cs ? 'Čas (MD)' : 'Time (MD)', format: 'mandays', summed: true },
      { header: cs ? 'Sazba' : 'Rate', format: 'unitPrice', summed: false },
      { header: cs ? 'Cena' : 'Price', format: 'money', summed: true },
    ],
    rows,
    total: [
      cs ? 'Celkem' : 'Total',
      null,
      null,
      tenThousandthsText(mandayUnits),
      null,
      centsText(priceCents),
    ],
  };
}

/**
 * A catalog tree: two groups (level 0) holding items (level 1, one with a sub-item at level 2).
 * The groups carry their subtotals, so only level-0 rows add up to the total (1,000.00).
 */
export function treeTable(): ReportTable {
  return {
    title: 'Katalog',
    columns: [
      { header: 'Skupina / položka', format: 'text', summed: false },
      { header: 'Cena', format: 'money', summed: true },
    ],
    rows: [
      { cells: ['Frontend', '600.00'], level: 0, muted: false },
      { cells: ['Obrazovky', '400.00'], level: 1, muted: false },
      { cells: ['Formuláře', '150.00'], level: 2, muted: false },
      { cells: ['Testy', '200.00'], level: 1, muted: true },
      { cells: ['Backend', '400.00'], level: 0, muted: false },
      { cells: ['API', '400.00'], level: 1, muted: false },
    ],
    total: ['Celkem', '1000.00'],
  };
}

export function buildReport(overrides: Partial<Report> = {}): Report {
  const locale = overrides.locale ?? 'cs';
  const cs = locale === 'cs';
  return {
    kind: 'roles',
    locale,
    currency: 'CZK',
    title: cs ? 'Souhrn podle rolí' : 'Summary by roles',
    subject: CZECH_PANGRAM,
    generatedAt: '2025-11-24T09:30:00+01:00',
    parties: [
      {
        caption: cs ? 'Dodavatel' : 'Supplier',
        name: 'Šťastná ředitelka s.r.o.',
        lines: ['Údolní 12', '602 00 Brno', 'IČO 12345678'],
      },
    ],
    facts: [
      { label: cs ? 'Celková cena' : 'Total price', value: '1250.5', format: 'money' },
      { label: cs ? 'Čas' : 'Time', value: '12.5', format: 'mandays' },
    ],
    tables: [pricedTable({ rows: 3, locale })],
    notes: [
      cs ? 'Instance s chybou ve vzorci se počítají jako 0.' : 'Instances with errors count as 0.',
    ],
    fileName: 'souhrn-podle-roli',
    ...overrides,
  };
}

/** An .xlsx file as exceljs reads it (its typings want an ArrayBuffer, not a Node Buffer). */
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}
