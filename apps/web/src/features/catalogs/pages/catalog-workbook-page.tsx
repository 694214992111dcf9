// /ctl/catalog-detail/:catalogId/import: the catalog's workbook (issue 20): export it (.xlsx, or one sheet as CSV), and import an edited one: a dry run with upload progress, its report, then the import after confirming.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LOCALE_FORMAT_TAGS,
  roleAllows,
  type Catalog,
  type CatalogImportReport,
} from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
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
import { catalogListKeys } from '@/lib/api/catalog-list';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import type { CatalogParams } from '@/lib/routing/route-params';
import { useProblemMessage } from '@/lib/use-problem-message';
import { catalogKeys } from '../api/query-keys';
import { importWorkbook } from '../api/workbook';
import { CatalogFrame } from '../components/catalog-frame';
import { WorkbookDownloads } from '../components/workbook-downloads';
import { catalogPaths } from '../lib/catalog-paths';

function sum(report: CatalogImportReport, of: 'created' | 'updated' | 'removed'): number {
  return report.sheets.reduce((total, sheet) => total + sheet[of], 0);
}

function ImportSection({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const problemMessage = useProblemMessage();
  const upload = useSpreadsheetImport<CatalogImportReport>({
    send: (chosen, apply, onProgress) => importWorkbook(catalog.id, chosen, apply, onProgress),
    onReport: (answer, { file: chosen }) => {
      if (!answer.applied) return;
      toast.success(t('workbook.appliedToast', { name: chosen.name }));
      // Items, groups, roles, phases, labels, the catalog's counts and history, and the list's counts.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.scope(catalog.id) });
      void queryClient.invalidateQueries({ queryKey: catalogListKeys.all() });
    },
    tooLargeText: (values) => t('workbook.tooLarge', values),
  });
  const { file, report, run } = upload;

  const askApply = (checked: CatalogImportReport, chosen: File) => {
    const count = (value: number) => formatNumber(value, locale);
    const created = sum(checked, 'created');
    const updated = sum(checked, 'updated');
    const removed = sum(checked, 'removed');
    const parts = [
      ...(created > 0 ? [t('workbook.willCreate', { count: created, rows: count(created) })] : []),
      ...(updated > 0 ? [t('workbook.willUpdate', { count: updated, rows: count(updated) })] : []),
      ...(removed > 0 ? [t('workbook.willRemove', { count: removed, rows: count(removed) })] : []),
    ];
    const changes = new Intl.ListFormat(LOCALE_FORMAT_TAGS[locale], {
      type: 'conjunction',
    }).format(parts);
    confirm({
      title: t('workbook.applyTitle'),
      message: t('workbook.applyMessage', { changes, catalog: catalog.name }),
      okButtonText: t('workbook.applyOk'),
      onOk: () => upload.apply(chosen),
    });
  };

  if (!roleAllows(catalog.myRole, 'MANAGE_CATALOG')) {
    return <Alert severity="info">{t('workbook.adminOnly')}</Alert>;
  }

  const errorText = (error: unknown) => {
    if (!(error instanceof ApiError)) return problemMessage('INTERNAL');
    if (error.detail) return error.detail;
    return error.code === 'FORBIDDEN' ? t('workbook.forbidden') : problemMessage(error.code);
  };

  if (file === null) {
    return (
      <Stack spacing={2}>
        {upload.refusal ? <Alert severity="error">{upload.refusal}</Alert> : null}
        <ImportDropZone onFile={upload.choose} />
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <ChosenFile file={file} onChooseAnother={upload.chooseAnother} disabled={run.isPending} />

      {run.isPending ? (
        <UploadProgressLine
          fileName={file.name}
          apply={run.variables.apply}
          progress={upload.progress}
        />
      ) : null}

      {run.isError ? (
        <ImportFailure
          apply={run.variables.apply}
          message={errorText(run.error)}
          onRetry={upload.retry}
        />
      ) : null}

      {report ? (
        <Stack spacing={2}>
          <ReportHeading fileName={file.name} applied={report.applied} />
          {report.applied ? (
            <Alert severity="success">{t('workbook.appliedText', { catalog: catalog.name })}</Alert>
          ) : null}
          {!report.applied && run.isSuccess && run.variables.apply ? (
            <Alert severity="warning">{t('workbook.notApplied')}</Alert>
          ) : null}
          <ImportSummary report={report} />
          {report.problemCount > 0 ? (
            <ImportProblems report={report} fileName={file.name} />
          ) : report.changeCount === 0 ? (
            <Alert severity="info">{t('workbook.nothingToChange')}</Alert>
          ) : (
            <>
              <ImportChanges report={report} fileName={file.name} />
              {report.applied ? null : (
                <Box>
                  <Button
                    variant="contained"
                    loading={upload.applying}
                    disabled={run.isPending}
                    onClick={() => askApply(report, file)}
                  >
                    {t('workbook.apply')}
                  </Button>
                </Box>
              )}
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Workbook({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, maxWidth: 1100 }}>
      <Box>
        <Link
          component={RouterLink}
          to={catalogPaths.overview(catalog.id)}
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
        >
          <ArrowBackIcon aria-hidden fontSize="small" />
          {t('workbook.back')}
        </Link>
        <Typography variant="h2" sx={{ fontSize: '1.35rem' }}>
          {t('workbook.title')}
        </Typography>
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="workbook-export"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="workbook-export" variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {t('workbook.exportTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('workbook.exportHelp')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('workbook.sheetNames')}
        </Typography>
        <WorkbookDownloads catalogId={catalog.id} />
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="workbook-import"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="workbook-import" variant="h3" sx={{ fontSize: '1.15rem', mb: 2 }}>
          {t('workbook.importTitle')}
        </Typography>
        <ImportSection catalog={catalog} />
      </Paper>
    </Box>
  );
}

export function CatalogWorkbookPage({ catalogId }: CatalogParams) {
  const { t } = useTranslation('catalogs');
  return (
    <CatalogFrame catalogId={catalogId} section="overview" subpage={t('workbook.title')}>
      {(catalog) => <Workbook catalog={catalog} />}
    </CatalogFrame>
  );
}
