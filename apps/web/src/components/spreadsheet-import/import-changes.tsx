// A spreadsheet import's planned changes (or, once applied, its changes): sheet, row key, the action and which columns, with the report's CSV download.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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

export function ImportChanges({ report, fileName }: { report: ImportReport; fileName: string }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const more = report.changeCount - report.changes.length;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ScrollingTable label={t('spreadsheetImport.changesLabel')} minWidth={560}>
        <TableHead>
          <TableRow>
            <TableCell>{t('spreadsheetImport.column.sheet')}</TableCell>
            <TableCell>{t('spreadsheetImport.column.key')}</TableCell>
            <TableCell>{t('spreadsheetImport.column.action')}</TableCell>
            <TableCell>{t('spreadsheetImport.column.columns')}</TableCell>
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
                  label={t(`spreadsheetImport.action.${change.action}`)}
                />
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>
                {change.columns.length > 0
                  ? change.columns.join(', ')
                  : t('spreadsheetImport.newRow')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
      {more > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('spreadsheetImport.moreChanges', { count: more, more: formatNumber(more, locale) })}
        </Typography>
      ) : null}
      <Box>
        <ReportDownload report={report} fileName={fileName} />
      </Box>
    </Box>
  );
}
