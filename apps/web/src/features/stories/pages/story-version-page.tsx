// /story-detail/{storyId}/versions/{versionId}: a frozen version, read-only — who froze it and when, its summaries and its lineups as they were.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIVE_STORY, storyRoleAllows, type Story, type StoryVersionDetail } from '@costory/shared';
import { EmptyState } from '@/components/empty-state';
import { NotFoundPage } from '@/components/not-found-page';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { formatDateTime } from '@/lib/format';
import { failureOtherThanNotFound, isProblem } from '@/lib/problem-text';
import { paths, VERSION_VIEW_PARAM } from '@/lib/routing/paths';
import type { StoryVersionParams } from '@/lib/routing/route-params';
import { getVersionQueryOptions } from '../api/versions';
import { StoryFrame } from '../components/story-frame';
import { SUMMARY_VIEWS, type SummaryView } from '../summary/summary-tabs';
import { VersionSummaryExport } from '../versions/version-export';
import { VersionLineups } from '../versions/version-lineups';
import { VersionRestoreActions } from '../versions/version-restore-actions';
import { VersionSummary } from '../versions/version-summary';

/** The summary the address asks for; the roles summary when it names none or an unknown one. */
function viewOfParam(value: string | null): SummaryView {
  return SUMMARY_VIEWS.find((view) => view === value) ?? 'roles';
}

function FrozenBanner({ storyId, version }: { storyId: number; version: StoryVersionDetail }) {
  const { t } = useTranslation('stories');
  const locale = useUiLocale();
  const date = formatDateTime(version.createdAt, locale);
  return (
    <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mb: 3 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {version.createdBy
          ? t('versions.banner', { name: version.name, date, author: version.createdBy.name })
          : t('versions.bannerNoAuthor', { name: version.name, date })}
      </Typography>
      {version.note ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
          {version.note}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, ml: -0.5 }}>
        <Button
          size="small"
          startIcon={<CompareArrowsIcon />}
          component={RouterLink}
          to={paths.storyVersionComparison(storyId, version.id, LIVE_STORY)}
        >
          {t('versions.compare.withLiveShort')}
        </Button>
        <VersionSummaryExport storyId={storyId} version={version} kind="story" />
      </Box>
    </Alert>
  );
}

function Version({ story, versionId }: { story: Story; versionId: number }) {
  const { t } = useTranslation('stories');
  const [searchParams] = useSearchParams();
  const view = viewOfParam(searchParams.get(VERSION_VIEW_PARAM));
  const version = useQuery(getVersionQueryOptions(story.id, versionId));
  useQueryErrorToast(failureOtherThanNotFound(version), t('versions.loadFailed'));

  if (version.isError) {
    if (isProblem(version.error, 'NOT_FOUND')) return <NotFoundPage />;
    return (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={t('versions.loadFailed')}
        text={t('versions.loadFailedText')}
        action={<Button onClick={() => void version.refetch()}>{t('list.retry')}</Button>}
      />
    );
  }
  if (!version.data) {
    return (
      <Box role="status" aria-label={t('versions.versionLoading')}>
        <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  return (
    <>
      <FrozenBanner storyId={story.id} version={version.data} />
      <VersionRestoreActions story={story} version={version.data} />
      <Box component="section" aria-labelledby="version-summary" sx={{ mb: 3 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            columnGap: 2,
            mb: 1,
          }}
        >
          <Typography variant="h2" id="version-summary" sx={{ fontSize: '1.3rem' }}>
            {t('versions.summaryTitle')}
          </Typography>
          {/* The tab shown, as the live summary's export page exports the summary it was opened from. */}
          <VersionSummaryExport storyId={story.id} version={version.data} kind={view} />
        </Box>
        <VersionSummary story={story} version={version.data} view={view} />
      </Box>
      {storyRoleAllows(story.myRole, 'READ_LINEUPS') ? (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="version-lineups"
          sx={{ p: 2 }}
        >
          <Typography variant="h2" id="version-lineups" sx={{ fontSize: '1.3rem', mb: 1 }}>
            {t('versions.lineupsTitle')}
          </Typography>
          <VersionLineups story={story} version={version.data} />
        </Paper>
      ) : null}
    </>
  );
}

export function StoryVersionPage({ storyId, versionId }: StoryVersionParams) {
  const { t } = useTranslation('stories');
  return (
    <StoryFrame
      storyId={storyId}
      title={t('versions.pageTitle')}
      actions={() => (
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.story(storyId)}>
          {t('versions.backToOverview')}
        </Button>
      )}
    >
      {(story) => <Version story={story} versionId={versionId} />}
    </StoryFrame>
  );
}
