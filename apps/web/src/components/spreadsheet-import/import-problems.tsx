// A spreadsheet import's problems, which keep the file from being imported: where (sheet, row, column) and what, with the report's CSV download.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@costory/shared';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatNumber } from '@/lib/format';
import { ReportDownload } from './report-download';
import { ScrollingTable } from './scrolling-table';

export function ImportProblems({ report, fileName }: { report: ImportReport; fileName: string }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const more = report.problemCount - report.problems.length;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="error">
        {t('spreadsheetImport.problems', {
          count: report.problemCount,
          problems: formatNumber(report.problemCount, locale),
        })}
      </Alert>
      <ScrollingTable label={t('spreadsheetImport.problemsLabel')} minWidth={560}>
        <TableHead>
          <TableRow>
            <TableCell>{t('spreadsheetImport.column.sheet')}</TableCell>
            <TableCell align="right">{t('spreadsheetImport.column.row')}</TableCell>
            <TableCell>{t('spreadsheetImport.column.column')}</TableCell>
            <TableCell>{t('spreadsheetImport.column.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.problems.map((problem, index) => (
            // Problems have no id; the server lists them in a fixed order.
            <TableRow key={index}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{problem.sheet}</TableCell>
              <TableCell align="right">
                {problem.row === null ? '—' : formatNumber(problem.row, locale)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {problem.column ?? '—'}
              </TableCell>
              <TableCell>{problem.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
      {more > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('spreadsheetImport.moreProblems', { count: more, more: formatNumber(more, locale) })}
        </Typography>
      ) : null}
      <Box>
        <ReportDownload report={report} fileName={fileName} />
      </Box>
    </Box>
  );
}
