// A report as the file will read: parties, title and date, facts, tables (the first rows of long ones) and notes, on a page-like sheet.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  createValueFormatter,
  type Report,
  type ReportTable,
  type ValueFormatter,
} from '@costory/shared';
import { pinnedCell } from '@/components/phone-table';

/** Rows shown per table: enough to judge the file, light enough for 10,000-instance stories. */
export const PREVIEW_ROWS = 100;

interface PreviewTableProps {
  report: Report;
  table: ReportTable;
  formatter: ValueFormatter;
}

function PreviewTable({ report, table, formatter }: PreviewTableProps) {
  const { t } = useTranslation('exports');
  const shown = table.rows.slice(0, PREVIEW_ROWS);
  const hidden = table.rows.length - shown.length;
  const alignOf = (index: number) => (table.columns[index]?.format === 'text' ? 'left' : 'right');
  // A report's last figure column is its price: on a phone it stays in sight while the rest scrolls.
  const last = table.columns.length - 1;
  const pinned = (index: number) =>
    index === last && alignOf(index) === 'right' ? pinnedCell : null;
  return (
    <Box component="section" sx={{ mt: 3 }}>
      {table.title ? (
        <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
          {table.title}
        </Typography>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={table.title ?? report.title}>
          <TableHead>
            <TableRow>
              {table.columns.map((column, index) => (
                <TableCell
                  key={index}
                  align={alignOf(index)}
                  sx={[{ fontWeight: 700 }, pinned(index)]}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, rowIndex) => (
              <TableRow
                key={rowIndex}
                sx={row.muted ? { '& td': { color: 'text.secondary' } } : undefined}
              >
                {row.cells.map((cell, index) => (
                  <TableCell
                    key={index}
                    align={alignOf(index)}
                    sx={[
                      {
                        fontVariantNumeric: 'tabular-nums',
                        ...(index === 0 && row.level > 0 ? { pl: 2 + row.level * 2 } : {}),
                        ...(alignOf(index) === 'right' ? { whiteSpace: 'nowrap' } : {}),
                      },
                      pinned(index),
                    ]}
                  >
                    {formatter.value(cell, table.columns[index]?.format ?? 'text')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {hidden > 0 ? (
              <TableRow>
                <TableCell colSpan={table.columns.length} sx={{ color: 'text.secondary' }}>
                  {t('moreRows', { count: hidden })}
                </TableCell>
              </TableRow>
            ) : null}
            {table.total ? (
              <TableRow>
                {table.total.map((cell, index) => (
                  <TableCell
                    key={index}
                    align={alignOf(index)}
                    data-testid={pinned(index) ? 'report-total' : undefined}
                    sx={[
                      { fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
                      pinned(index),
                    ]}
                  >
                    {index === 0
                      ? cell
                      : formatter.value(cell, table.columns[index]?.format ?? 'text')}
                  </TableCell>
                ))}
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export function ReportPreview({ report }: { report: Report }) {
  const { t } = useTranslation('exports');
  // The same formats as the PDF: what the preview shows is what the file will say.
  const formatter = useMemo(() => createValueFormatter(report), [report]);
  return (
    <Paper
      variant="outlined"
      aria-label={t('previewLabel', { title: report.title })}
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 1100, mx: 'auto' }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr',
            md: `repeat(${Math.max(report.parties.length, 1)}, 1fr)`,
          },
          gap: 2,
        }}
      >
        {report.parties.map((party, index) => (
          <Box key={index}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              {party.caption}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{party.name}</Typography>
            {party.lines.map((line, lineIndex) => (
              <Typography key={lineIndex} variant="body2">
                {line}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mt: 3 }}>
        {report.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {report.subject} · {t('date', { date: formatter.date(report.generatedAt) })}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          // The label takes at most half a phone's width and wraps; the value wraps in the rest.
          gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
          columnGap: 3,
          rowGap: 0.5,
          mt: 2,
        }}
      >
        {report.facts.map((fact, index) => (
          <Box key={index} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {fact.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            >
              {formatter.value(fact.value, fact.format)}
            </Typography>
          </Box>
        ))}
      </Box>
      {report.tables.map((table, index) => (
        <PreviewTable key={index} report={report} table={table} formatter={formatter} />
      ))}
      {report.notes.map((note, index) => (
        <Typography key={index} variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {note}
        </Typography>
      ))}
    </Paper>
  );
}
