// Turns a report into a pdfmake document definition: A4, parties, title, facts, tables with repeating headers, notes, page numbers.
import type { Report, ReportColumn, ReportTable } from '@costory/shared';
import type {
  Content,
  CustomTableLayout,
  Margins,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import { createValueFormatter, type ValueFormatter } from '@costory/shared';
import { RENDER_WORDS } from './format';

/** The family render-pdf registers (pdfmake's bundled Roboto, which has every Czech letter). */
export const PDF_FONT = 'Roboto';

const MUTED = '#8a8a8a';
const RULE = '#444444';
const HAIRLINE = '#dddddd';
const HEADER_FILL = '#f0f0f0';
/** Points of left margin per tree level of a row (catalog groups). */
const INDENT_PER_LEVEL = 10;
const PAGE_MARGINS: [number, number, number, number] = [40, 40, 40, 50];

/**
 * Borders and padding of every report table. The functions are shared by all rows and tables
 * (pdfmake calls them per line), so a table of 10,000 rows carries no per-row layout objects.
 */
function tableLayout(hasTotal: boolean): CustomTableLayout {
  return {
    hLineWidth: (line, node) => {
      const rows = node.table.body.length;
      if (line === 0 || line === rows) return 0;
      // Under the header, and above the total when there is one.
      if (line === 1 || (hasTotal && line === rows - 1)) return 0.8;
      return 0.25;
    },
    hLineColor: (line, node) => {
      const rows = node.table.body.length;
      return line === 1 || (hasTotal && line === rows - 1) ? RULE : HAIRLINE;
    },
    vLineWidth: () => 0,
    paddingLeft: (column) => (column === 0 ? 2 : 6),
    paddingRight: (column, node) => (column === (node.table.widths?.length ?? 0) - 1 ? 2 : 6),
    paddingTop: () => 2,
    paddingBottom: () => 2,
    fillColor: (row) => (row === 0 ? HEADER_FILL : null),
  };
}

const LAYOUT_WITH_TOTAL = tableLayout(true);
const LAYOUT_WITHOUT_TOTAL = tableLayout(false);

function isNumeric(column: ReportColumn): boolean {
  return column.format !== 'text';
}

function assertCellCount(
  cells: readonly unknown[],
  table: ReportTable,
  index: number,
  what: string,
): void {
  if (cells.length !== table.columns.length) {
    throw new Error(
      `Table ${table.title ?? `#${index + 1}`}: ${what} has ${cells.length} cells for ${table.columns.length} columns`,
    );
  }
}

interface RowLook {
  level: number;
  muted: boolean;
  bold: boolean;
}

/**
 * One table row. A plain text cell stays a bare string, the lightest form pdfmake accepts; only
 * what differs from the default (right alignment, indentation, grey, bold) becomes an object.
 */
function bodyRow(
  cells: readonly (string | null)[],
  columns: readonly ReportColumn[],
  formatter: ValueFormatter,
  look: RowLook,
): TableCell[] {
  return columns.map((column, index) => {
    const text = formatter.value(cells[index] ?? null, column.format);
    const numeric = isNumeric(column);
    const indented = index === 0 && look.level > 0;
    if (!numeric && !indented && !look.muted && !look.bold) return text;
    return {
      text,
      ...(numeric ? { alignment: 'right' as const } : {}),
      ...(indented ? { margin: [look.level * INDENT_PER_LEVEL, 0, 0, 0] as Margins } : {}),
      ...(look.muted ? { color: MUTED } : {}),
      ...(look.bold ? { bold: true } : {}),
    };
  });
}

function reportTable(table: ReportTable, index: number, formatter: ValueFormatter): Content[] {
  const { columns } = table;
  const header: TableCell[] = columns.map((column) => ({
    text: column.header,
    bold: true,
    ...(isNumeric(column) ? { alignment: 'right' as const } : {}),
  }));
  const body: TableCell[][] = [header];
  for (const row of table.rows) {
    assertCellCount(row.cells, table, index, `row ${body.length}`);
    body.push(
      bodyRow(row.cells, columns, formatter, { level: row.level, muted: row.muted, bold: false }),
    );
  }
  if (table.total) {
    assertCellCount(table.total, table, index, 'the total');
    body.push(bodyRow(table.total, columns, formatter, { level: 0, muted: false, bold: true }));
  }
  // Text columns share the width left over by the numbers; a table of numbers only stretches its
  // first column so that it still spans the page.
  const hasText = columns.some((column) => !isNumeric(column));
  const widths = columns.map((column, i) =>
    !isNumeric(column) || (!hasText && i === 0) ? '*' : 'auto',
  );

  const content: Content[] = [];
  if (table.title !== null) content.push({ text: table.title, style: 'tableTitle' });
  content.push({
    table: { headerRows: 1, dontBreakRows: true, widths, body },
    layout: table.total ? LAYOUT_WITH_TOTAL : LAYOUT_WITHOUT_TOTAL,
    margin: [0, 0, 0, 14],
  });
  return content;
}

function partiesBlock(report: Report): Content {
  return {
    columns: report.parties.map((party) => ({
      width: '*',
      stack: [
        { text: party.caption, style: 'caption' },
        { text: party.name, bold: true },
        ...party.lines,
      ],
    })),
    columnGap: 16,
    margin: [0, 0, 0, 18],
  };
}

function factsBlock(report: Report, formatter: ValueFormatter): Content {
  return {
    table: {
      widths: ['auto', 'auto'],
      body: report.facts.map((fact) => [
        { text: fact.label, color: MUTED },
        {
          text: formatter.value(fact.value, fact.format),
          bold: true,
          ...(fact.format === 'text' ? {} : { alignment: 'right' as const }),
        },
      ]),
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 14],
  };
}

/**
 * The pdfmake definition of a report. Throws when the report is inconsistent (a row whose cell
 * count differs from its table's columns, a numeric value that is not decimal text), so that a
 * broken report fails instead of printing a wrong document.
 */
export function buildPdfDocument(report: Report): TDocumentDefinitions {
  const formatter = createValueFormatter(report);
  const words = RENDER_WORDS[report.locale];
  const documentTitle = `${report.title} – ${report.subject}`;
  const content: Content[] = [];
  if (report.logo) {
    content.push({ image: report.logo, fit: [160, 60], margin: [0, 0, 0, 12] });
  }
  if (report.parties.length > 0) content.push(partiesBlock(report));
  content.push(
    { text: report.title, style: 'title' },
    { text: report.subject, style: 'subject' },
    { text: formatter.date(report.generatedAt), color: MUTED, margin: [0, 0, 0, 14] },
  );
  if (report.facts.length > 0) content.push(factsBlock(report, formatter));
  report.tables.forEach((table, index) => content.push(...reportTable(table, index, formatter)));
  for (const note of report.notes) content.push({ text: note, style: 'note' });

  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    language: report.locale,
    info: {
      title: documentTitle,
      subject: report.subject,
      creator: 'Costory',
      creationDate: new Date(report.generatedAt),
    },
    footer: (page, pages) => ({
      columns: [
        { text: documentTitle, width: '*' },
        { text: words.page(page, pages), width: 'auto' },
      ],
      fontSize: 8,
      color: MUTED,
      margin: [PAGE_MARGINS[0], 20, PAGE_MARGINS[2], 0],
    }),
    content,
    defaultStyle: { font: PDF_FONT, fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true },
      subject: { fontSize: 12, margin: [0, 2, 0, 2] },
      caption: { fontSize: 8, color: MUTED },
      tableTitle: { fontSize: 11, bold: true, margin: [0, 4, 0, 4] },
      note: { fontSize: 8, color: MUTED, margin: [0, 0, 0, 4] },
    },
  };
}
