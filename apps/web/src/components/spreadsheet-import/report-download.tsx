// The button that saves a spreadsheet import's report (its problems and changes) as a CSV file named after the imported file.
import Button from '@mui/material/Button';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@costory/shared';
import { saveFile } from '@/lib/save-file';
import { importReportCsv, importReportFileName } from './report-csv';

export function ReportDownload({ report, fileName }: { report: ImportReport; fileName: string }) {
  const { t } = useTranslation();
  const save = () => {
    const csv = importReportCsv(report, {
      kind: t('spreadsheetImport.column.kind'),
      sheet: t('spreadsheetImport.column.sheet'),
      row: t('spreadsheetImport.column.row'),
      column: t('spreadsheetImport.column.column'),
      key: t('spreadsheetImport.column.key'),
      action: t('spreadsheetImport.column.action'),
      message: t('spreadsheetImport.column.message'),
      problem: t('spreadsheetImport.kind.problem'),
      change: t('spreadsheetImport.kind.change'),
      actionName: (action) => t(`spreadsheetImport.action.${action}`),
    });
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), importReportFileName(fileName));
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={save}>
      {t('spreadsheetImport.downloadReport')}
    </Button>
  );
}
