// Importing a supplier's prices from a spreadsheet (issue 20 item 2): the template's downloads, the shared drop zone and dry run with upload progress, its report, then "Import the prices" after confirming what it creates, updates and removes; full-screen on a phone.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import { useTranslation } from 'react-i18next';
import {
  LOCALE_FORMAT_TAGS,
  type PartnerCompany,
  type SupplierPriceImportReport,
} from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { usePhoneLayout } from '@/components/phone-table';
import { ChosenFile } from '@/components/spreadsheet-import/chosen-file';
import { ImportChanges } from '@/components/spreadsheet-import/import-changes';
import { ImportDropZone } from '@/components/spreadsheet-import/import-drop-zone';
import { ImportFailure } from '@/components/spreadsheet-import/import-failure';
import { ImportProblems } from '@/components/spreadsheet-import/import-problems';
import { ImportSummary } from '@/components/spreadsheet-import/import-summary';
import { ReportHeading } from '@/components/spreadsheet-import/report-heading';
import { UploadProgressLine } from '@/components/spreadsheet-import/upload-progress-line';
import { useSpreadsheetImport } from '@/components/spreadsheet-import/use-spreadsheet-import';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useProblemMessage } from '@/lib/use-problem-message';
import {
  downloadSupplierPrices,
  importSupplierPrices,
  useInvalidateSupplierPrices,
  type PriceSheetFormat,
} from '../api/price-sheet';

function sum(report: SupplierPriceImportReport, of: 'created' | 'updated' | 'removed'): number {
  return report.sheets.reduce((total, sheet) => total + sheet[of], 0);
}

/** The template: the supplier's prices as .xlsx or CSV, through the API client (token, language). */
function TemplateDownloads({ companyId }: { companyId: number }) {
  const { t } = useTranslation('companies');
  const toast = useToast();
  const [pending, setPending] = useState<PriceSheetFormat | null>(null);
  const download = async (format: PriceSheetFormat) => {
    setPending(format);
    try {
      const name = await downloadSupplierPrices(companyId, format);
      toast.success(t('priceImport.downloaded', { name }));
    } catch (error) {
      toast.error(problemText(error, t('priceImport.downloadFailed')));
    } finally {
      setPending(null);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={<TableViewOutlinedIcon />}
        loading={pending === 'xlsx'}
        disabled={pending !== null}
        onClick={() => void download('xlsx')}
      >
        {t('priceImport.downloadXlsx')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        loading={pending === 'csv'}
        disabled={pending !== null}
        onClick={() => void download('csv')}
      >
        {t('priceImport.downloadCsv')}
      </Button>
    </Stack>
  );
}

export interface PriceImportDialogProps {
  company: PartnerCompany;
  onClose: () => void;
}

export function PriceImportDialog({ company, onClose }: PriceImportDialogProps) {
  const { t } = useTranslation('companies');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const phone = usePhoneLayout();
  const locale = useUiLocale();
  const toast = useToast();
  const confirm = useConfirm();
  const problemMessage = useProblemMessage();
  const invalidate = useInvalidateSupplierPrices();
  const upload = useSpreadsheetImport<SupplierPriceImportReport>({
    send: (chosen, apply, onProgress) =>
      importSupplierPrices(company.id, chosen, apply, onProgress),
    onReport: (answer) => {
      if (!answer.applied) return;
      toast.success(t('priceImport.imported'));
      // The price tables, the company's price count and the list's counts show the new prices.
      void invalidate(company.id);
      onClose();
    },
  });
  const { file, report, run } = upload;

  const askApply = (checked: SupplierPriceImportReport, chosen: File) => {
    const number = (value: number) => formatNumber(value, locale);
    const created = sum(checked, 'created');
    const updated = sum(checked, 'updated');
    const removed = sum(checked, 'removed');
    const parts = [
      ...(created > 0
        ? [t('priceImport.willCreate', { count: created, prices: number(created) })]
        : []),
      ...(updated > 0
        ? [t('priceImport.willUpdate', { count: updated, prices: number(updated) })]
        : []),
      ...(removed > 0
        ? [t('priceImport.willRemove', { count: removed, prices: number(removed) })]
        : []),
    ];
    const changes = new Intl.ListFormat(LOCALE_FORMAT_TAGS[locale], {
      type: 'conjunction',
    }).format(parts);
    confirm({
      title: t('priceImport.confirmTitle'),
      message: t('priceImport.confirmMessage', {
        changes,
        company: company.name,
        file: chosen.name,
      }),
      okButtonText: t('priceImport.confirmOk'),
      onOk: () => upload.apply(chosen),
    });
  };

  const errorText = (error: unknown) => {
    if (!(error instanceof ApiError)) return problemMessage('INTERNAL');
    return error.detail ?? problemMessage(error.code);
  };

  return (
    <Dialog
      open
      onClose={run.isPending ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('priceImport.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Typography variant="body2">{t('priceImport.help')}</Typography>
          <TemplateDownloads companyId={company.id} />
          {file === null ? (
            <Stack spacing={2}>
              {upload.refusal ? <Alert severity="error">{upload.refusal}</Alert> : null}
              <ImportDropZone onFile={upload.choose} />
            </Stack>
          ) : (
            <>
              <ChosenFile
                file={file}
                onChooseAnother={upload.chooseAnother}
                disabled={run.isPending}
              />
              {run.isPending ? (
                <UploadProgressLine
                  fileName={file.name}
                  apply={run.variables.apply}
                  progress={upload.progress}
                  applyingText={t('priceImport.applying')}
                />
              ) : null}
              {run.isError ? (
                <ImportFailure
                  apply={run.variables.apply}
                  message={errorText(run.error)}
                  onRetry={upload.retry}
                  applyFailedText={t('priceImport.applyFailed')}
                />
              ) : null}
              {report ? (
                <Stack spacing={2}>
                  <ReportHeading fileName={file.name} applied={report.applied} />
                  {!report.applied && run.isSuccess && run.variables.apply ? (
                    <Alert severity="warning">{t('priceImport.notApplied')}</Alert>
                  ) : null}
                  <ImportSummary report={report} />
                  {report.problemCount > 0 ? (
                    <ImportProblems report={report} fileName={file.name} />
                  ) : report.changeCount === 0 ? (
                    <Alert severity="info">{t('priceImport.nothingToChange')}</Alert>
                  ) : (
                    <ImportChanges report={report} fileName={file.name} />
                  )}
                </Stack>
              ) : null}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={run.isPending}>
          {tCommon('actions.close')}
        </Button>
        {file &&
        report &&
        !report.applied &&
        report.problemCount === 0 &&
        report.changeCount > 0 ? (
          <Button
            variant="contained"
            loading={upload.applying}
            disabled={run.isPending}
            onClick={() => askApply(report, file)}
          >
            {t('priceImport.apply')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
