// A spreadsheet import's rows per sheet: how many rows, to create, to update, to remove and unchanged (or, once applied, created, updated, removed).
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@costory/shared';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatNumber } from '@/lib/format';

/** Rows per sheet: what the import would do (or did, once applied). */
export function ImportSummary({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('spreadsheetImport.summaryLabel')} sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('spreadsheetImport.column.sheet')}</TableCell>
            <TableCell align="right">{t('spreadsheetImport.column.rows')}</TableCell>
            <TableCell align="right">
              {report.applied
                ? t('spreadsheetImport.column.created')
                : t('spreadsheetImport.column.toCreate')}
            </TableCell>
            <TableCell align="right">
              {report.applied
                ? t('spreadsheetImport.column.updated')
                : t('spreadsheetImport.column.toUpdate')}
            </TableCell>
            <TableCell align="right">
              {report.applied
                ? t('spreadsheetImport.column.removed')
                : t('spreadsheetImport.column.toRemove')}
            </TableCell>
            <TableCell align="right">{t('spreadsheetImport.column.unchanged')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.sheets.map((sheet) => (
            <TableRow key={sheet.sheet}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {sheet.sheet}
              </TableCell>
              <TableCell align="right">{number(sheet.rows)}</TableCell>
              <TableCell align="right">{number(sheet.created)}</TableCell>
              <TableCell align="right">{number(sheet.updated)}</TableCell>
              <TableCell align="right">{number(sheet.removed)}</TableCell>
              <TableCell align="right">{number(sheet.unchanged)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
