// The import's report: rows per sheet (to create, to update, to remove, unchanged), then its problems or its planned changes, each table scrolling inside its own frame.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogImportReport } from '@costory/shared';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatNumber } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { importReportCsv, importReportFileName } from '../lib/import-report-csv';

/** A long list scrolls inside this height, so the buttons below it stay near. */
const LIST_MAX_HEIGHT = 420;

function ScrollingTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <TableContainer
      role="region"
      tabIndex={0}
      aria-label={label}
      sx={{ maxHeight: LIST_MAX_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader aria-label={label} sx={{ minWidth }}>
        {children}
      </Table>
    </TableContainer>
  );
}

/** Rows per sheet: what the import would do (or did, once applied). */
export function ImportSummary({ report }: { report: CatalogImportReport }) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('workbook.summaryLabel')} sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('workbook.column.sheet')}</TableCell>
            <TableCell align="right">{t('workbook.column.rows')}</TableCell>
            <TableCell align="right">
              {report.applied ? t('workbook.column.created') : t('workbook.column.toCreate')}
            </TableCell>
            <TableCell align="right">
              {report.applied ? t('workbook.column.updated') : t('workbook.column.toUpdate')}
            </TableCell>
            <TableCell align="right">
              {report.applied ? t('workbook.column.removed') : t('workbook.column.toRemove')}
            </TableCell>
            <TableCell align="right">{t('workbook.column.unchanged')}</TableCell>
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

function ReportDownload({ report, fileName }: { report: CatalogImportReport; fileName: string }) {
  const { t } = useTranslation('catalogs');
  const save = () => {
    const csv = importReportCsv(report, {
      kind: t('workbook.column.kind'),
      sheet: t('workbook.column.sheet'),
      row: t('workbook.column.row'),
      column: t('workbook.column.column'),
      key: t('workbook.column.key'),
      action: t('workbook.column.action'),
      message: t('workbook.column.message'),
      problem: t('workbook.kind.problem'),
      change: t('workbook.kind.change'),
      actionName: (action) => t(`workbook.action.${action}`),
    });
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), importReportFileName(fileName));
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={save}>
      {t('workbook.downloadReport')}
    </Button>
  );
}

/** The problems that keep the file from being imported: where (sheet, row, column) and what. */
export function ImportProblems({
  report,
  fileName,
}: {
  report: CatalogImportReport;
  fileName: string;
}) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const more = report.problemCount - report.problems.length;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="error">
        {t('workbook.problems', {
          count: report.problemCount,
          problems: formatNumber(report.problemCount, locale),
        })}
      </Alert>
      <ScrollingTable label={t('workbook.problemsLabel')} minWidth={560}>
        <TableHead>
          <TableRow>
            <TableCell>{t('workbook.column.sheet')}</TableCell>
            <TableCell align="right">{t('workbook.column.row')}</TableCell>
            <TableCell>{t('workbook.column.column')}</TableCell>
            <TableCell>{t('workbook.column.message')}</TableCell>
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
          {t('workbook.moreProblems', { count: more, more: formatNumber(more, locale) })}
        </Typography>
      ) : null}
      <Box>
        <ReportDownload report={report} fileName={fileName} />
      </Box>
    </Box>
  );
}

/** What the import would change (or changed): sheet, row key, create or update, and which columns. */
export function ImportChanges({
  report,
  fileName,
}: {
  report: CatalogImportReport;
  fileName: string;
}) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const more = report.changeCount - report.changes.length;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ScrollingTable label={t('workbook.changesLabel')} minWidth={560}>
        <TableHead>
          <TableRow>
            <TableCell>{t('workbook.column.sheet')}</TableCell>
            <TableCell>{t('workbook.column.key')}</TableCell>
            <TableCell>{t('workbook.column.action')}</TableCell>
            <TableCell>{t('workbook.column.columns')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.changes.map((change) => (
            <TableRow key={`${change.sheet}|${change.key}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{change.sheet}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {change.key}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={change.action === 'CREATE' ? 'success' : 'primary'}
                  label={t(`workbook.action.${change.action}`)}
                />
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>
                {change.columns.length > 0 ? change.columns.join(', ') : t('workbook.newRow')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
      {more > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('workbook.moreChanges', { count: more, more: formatNumber(more, locale) })}
        </Typography>
      ) : null}
      <Box>
        <ReportDownload report={report} fileName={fileName} />
      </Box>
    </Box>
  );
}
