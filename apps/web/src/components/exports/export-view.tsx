// An export route's page: the report previewed as the file will read, with buttons to download it as PDF or .xlsx.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportRowCount } from '@costory/shared';
import { EmptyState } from '../empty-state';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { problemText } from '@/lib/problem-text';
import { getReportQueryOptions, type ReportPath } from './api';
import { ReportDownloads } from './report-downloads';
import { ReportPreview } from './report-preview';

export interface ExportViewProps {
  path: ReportPath;
  back: { to: string; label: string };
}

export function ExportView({ path, back }: ExportViewProps) {
  const { t } = useTranslation('exports');
  const locale = useUiLocale();
  const report = useQuery(getReportQueryOptions(path, locale));

  let preview;
  if (report.isError) {
    preview = (
      <EmptyState
        icon={<PictureAsPdfOutlinedIcon />}
        title={problemText(report.error, t('loadFailed'))}
        text={t('loadFailedText')}
        action={<Button onClick={() => void report.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (!report.data) {
    preview = (
      <Box role="status" aria-label={t('loading')} sx={{ maxWidth: 1100, mx: 'auto' }}>
        <Skeleton variant="rounded" height={560} />
      </Box>
    );
  } else {
    preview = <ReportPreview report={report.data} />;
  }

  return (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'flex-start' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} color="inherit">
          {back.label}
        </Button>
        <ReportDownloads path={path} rows={report.data ? reportRowCount(report.data) : undefined} />
      </Stack>
      <Box sx={{ mt: 2 }}>{preview}</Box>
    </>
  );
}
