// Importing instances from a spreadsheet (issue 20): the template's downloads, the shared drop zone and dry run with upload progress, its report, then "Add N instances" after confirming; full-screen on a phone.
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
import type { InstanceImportReport, Story } from '@costory/shared';
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
  downloadInstanceSheet,
  importInstances,
  type InstanceSheetFormat,
} from '../api/instance-sheet';
import { useInvalidateStory } from '../api/story';

/** Every row of the sheet is a new instance: the rows the file would add. */
function rowsToAdd(report: InstanceImportReport): number {
  return report.sheets.reduce((total, sheet) => total + sheet.created, 0);
}

/** The template: the story's instances as .xlsx or CSV, through the API client (token, language). */
function TemplateDownloads({ storyId }: { storyId: number }) {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const [pending, setPending] = useState<InstanceSheetFormat | null>(null);
  const download = async (format: InstanceSheetFormat) => {
    setPending(format);
    try {
      const name = await downloadInstanceSheet(storyId, format);
      toast.success(t('sheetImport.downloaded', { name }));
    } catch (error) {
      toast.error(problemText(error, t('sheetImport.downloadFailed')));
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
        {t('sheetImport.downloadXlsx')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        loading={pending === 'csv'}
        disabled={pending !== null}
        onClick={() => void download('csv')}
      >
        {t('sheetImport.downloadCsv')}
      </Button>
    </Stack>
  );
}

export interface InstanceImportDialogProps {
  story: Story;
  onClose: () => void;
}

export function InstanceImportDialog({ story, onClose }: InstanceImportDialogProps) {
  const { t } = useTranslation('instances');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const phone = usePhoneLayout();
  const locale = useUiLocale();
  const toast = useToast();
  const confirm = useConfirm();
  const problemMessage = useProblemMessage();
  const invalidate = useInvalidateStory();
  const upload = useSpreadsheetImport<InstanceImportReport>({
    send: (chosen, apply, onProgress) => importInstances(story.id, chosen, apply, onProgress),
    onReport: (answer) => {
      if (!answer.applied) return;
      const count = rowsToAdd(answer);
      toast.success(t('sheetImport.added', { count }));
      // The instances, their subtotals, the calculation and the story's totals, and the list's.
      void invalidate(story.id);
      onClose();
    },
  });
  const { file, report, run } = upload;

  const askApply = (checked: InstanceImportReport, chosen: File) => {
    const count = rowsToAdd(checked);
    confirm({
      title: t('sheetImport.confirmTitle'),
      message: t('sheetImport.confirmMessage', {
        count,
        number: formatNumber(count, locale),
        file: chosen.name,
        story: story.name,
      }),
      okButtonText: t('sheetImport.confirmOk'),
      onOk: () => upload.apply(chosen),
    });
  };

  const errorText = (error: unknown) => {
    if (!(error instanceof ApiError)) return problemMessage('INTERNAL');
    if (error.detail) return error.detail;
    return error.code === 'FORBIDDEN' ? t('sheetImport.forbidden') : problemMessage(error.code);
  };

  const count = report ? rowsToAdd(report) : 0;
  return (
    <Dialog
      open
      onClose={run.isPending ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('sheetImport.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Typography variant="body2">{t('sheetImport.help')}</Typography>
          <TemplateDownloads storyId={story.id} />
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
                  applyingText={t('sheetImport.applying')}
                />
              ) : null}
              {run.isError ? (
                <ImportFailure
                  apply={run.variables.apply}
                  message={errorText(run.error)}
                  onRetry={upload.retry}
                  applyFailedText={t('sheetImport.applyFailed')}
                />
              ) : null}
              {report ? (
                <Stack spacing={2}>
                  <ReportHeading fileName={file.name} applied={report.applied} />
                  {!report.applied && run.isSuccess && run.variables.apply ? (
                    <Alert severity="warning">{t('sheetImport.notApplied')}</Alert>
                  ) : null}
                  <ImportSummary report={report} />
                  {report.problemCount > 0 ? (
                    <ImportProblems report={report} fileName={file.name} />
                  ) : count === 0 ? (
                    <Alert severity="info">{t('sheetImport.nothingToAdd')}</Alert>
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
        {file && report && !report.applied && report.problemCount === 0 && count > 0 ? (
          <Button
            variant="contained"
            loading={upload.applying}
            disabled={run.isPending}
            onClick={() => askApply(report, file)}
          >
            {t('sheetImport.apply', { count, number: formatNumber(count, locale) })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
