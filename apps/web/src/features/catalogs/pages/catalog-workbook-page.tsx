// /ctl/catalog-detail/:catalogId/import: the catalog's workbook (issue 20): export it (.xlsx, or one sheet as CSV), and import an edited one: a dry run with upload progress, its report, then the import after confirming.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LOCALE_FORMAT_TAGS,
  MAX_IMPORT_BYTES,
  roleAllows,
  type Catalog,
  type CatalogImportReport,
} from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { catalogListKeys } from '@/lib/api/catalog-list';
import { ApiError } from '@/lib/api-client';
import { formatFileSize, formatNumber } from '@/lib/format';
import type { CatalogParams } from '@/lib/routing/route-params';
import type { UploadProgress } from '@/lib/upload-with-progress';
import { useProblemMessage } from '@/lib/use-problem-message';
import { catalogKeys } from '../api/query-keys';
import { importWorkbook } from '../api/workbook';
import { CatalogFrame } from '../components/catalog-frame';
import { ImportDropZone } from '../components/import-drop-zone';
import { ImportChanges, ImportProblems, ImportSummary } from '../components/import-report';
import { WorkbookDownloads } from '../components/workbook-downloads';
import { catalogPaths } from '../lib/catalog-paths';

interface ImportRun {
  file: File;
  apply: boolean;
}

/** The upload's bar: its percentage while the file leaves, then "Checking…" while the server reads it. */
function UploadProgressLine({
  fileName,
  apply,
  progress,
}: {
  fileName: string;
  apply: boolean;
  progress: UploadProgress | null;
}) {
  const { t } = useTranslation('catalogs');
  const sending = progress === null || (progress.total !== null && progress.sent < progress.total);
  const percent = progress?.total
    ? Math.min(100, Math.round((progress.sent / progress.total) * 100))
    : 0;
  const text = sending
    ? t('workbook.uploading', { name: fileName, percent })
    : apply
      ? t('workbook.applying')
      : t('workbook.checking');
  return (
    <Box role="status">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress
        variant={sending ? 'determinate' : 'indeterminate'}
        value={sending ? percent : undefined}
        aria-label={text}
      />
    </Box>
  );
}

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
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // The last report stays in sight while the import runs, and after it fails.
  const [report, setReport] = useState<CatalogImportReport | null>(null);

  const run = useMutation({
    mutationFn: ({ file: chosen, apply }: ImportRun) => {
      setProgress(null);
      return importWorkbook(catalog.id, chosen, apply, setProgress);
    },
    // The page shows the upload's own progress: no overlay on top of it.
    meta: { globalLoading: false },
    onSuccess: (answer, { file: chosen }) => {
      setReport(answer);
      if (!answer.applied) return;
      toast.success(t('workbook.appliedToast', { name: chosen.name }));
      // Items, groups, roles, phases, labels, the catalog's counts and history, and the list's counts.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.scope(catalog.id) });
      void queryClient.invalidateQueries({ queryKey: catalogListKeys.all() });
    },
  });

  const choose = (next: File) => {
    run.reset();
    setReport(null);
    if (next.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setRefusal(
        t('workbook.tooLarge', {
          name: next.name,
          size: formatFileSize(next.size, locale),
          max: formatFileSize(MAX_IMPORT_BYTES, locale),
        }),
      );
      return;
    }
    setRefusal(null);
    setFile(next);
    run.mutate({ file: next, apply: false });
  };

  const chooseAnother = () => {
    run.reset();
    setReport(null);
    setRefusal(null);
    setFile(null);
  };

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
      onOk: () => run.mutate({ file: chosen, apply: true }),
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
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <ImportDropZone onFile={choose} />
      </Stack>
    );
  }

  const applying = run.isPending && run.variables.apply;
  return (
    <Stack spacing={2.5}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <InsertDriveFileOutlinedIcon aria-hidden sx={{ color: 'text.secondary' }} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('workbook.chosenFile')}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {file.name}{' '}
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
              ({formatFileSize(file.size, locale)})
            </Box>
          </Typography>
        </Box>
        <Button variant="outlined" onClick={chooseAnother} disabled={run.isPending}>
          {t('workbook.chooseAnother')}
        </Button>
      </Box>

      {run.isPending ? (
        <UploadProgressLine fileName={file.name} apply={run.variables.apply} progress={progress} />
      ) : null}

      {run.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => run.mutate(run.variables)}>
              {t('workbook.retry')}
            </Button>
          }
        >
          <AlertTitle>
            {run.variables.apply ? t('workbook.applyFailed') : t('workbook.checkFailed')}
          </AlertTitle>
          {errorText(run.error)}
        </Alert>
      ) : null}

      {report ? (
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {report.applied
                ? t('workbook.appliedTitle', { name: file.name })
                : t('workbook.reportTitle', { name: file.name })}
            </Typography>
            {report.applied ? (
              <Chip size="small" color="success" label={t('workbook.appliedChip')} />
            ) : null}
          </Box>
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
                    loading={applying}
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
