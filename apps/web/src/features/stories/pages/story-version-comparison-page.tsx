// /story-detail/{storyId}/versions/compare?from=…&to=…: what differs between two versions, a version and the live story, or the live story and its waiting upgrades, and why; with its exports.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIVE_STORY,
  UPGRADED_STORY,
  type Story,
  type StoryVersion,
  type StoryVersionComparison,
} from '@costory/shared';
import { EmptyState } from '@/components/empty-state';
import { reportPaths } from '@/components/exports/api';
import { ReportDownloads } from '@/components/exports/report-downloads';
import { NotFoundPage } from '@/components/not-found-page';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { failureOtherThanNotFound, isProblem } from '@/lib/problem-text';
import {
  COMPARE_FROM_PARAM,
  COMPARE_TO_PARAM,
  comparisonSideOfParam,
  paths,
  type ComparisonSide,
} from '@/lib/routing/paths';
import type { StoryParams } from '@/lib/routing/route-params';
import { getVersionComparisonQueryOptions, getVersionsQueryOptions } from '../api/versions';
import { StoryFrame } from '../components/story-frame';
import {
  ComparisonPhases,
  ComparisonRoles,
  ComparisonSides,
  ComparisonTotals,
  useComparisonFigures,
} from '../versions/comparison-figures';
import { ComparisonInstances } from '../versions/comparison-instances';
import { ComparisonPickers } from '../versions/comparison-pickers';
import { hasDifferences } from '../versions/comparison-rules';

/** As tall as what it stands for, so nothing jumps when the comparison arrives. */
function ComparisonSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}
      >
        <Skeleton variant="rounded" height={148} />
        <Skeleton variant="rounded" height={148} />
      </Box>
      <Skeleton width={120} height={36} />
      <Skeleton variant="rounded" height={200} sx={{ mb: 3 }} />
      <Skeleton width={120} height={36} />
      <Skeleton variant="rounded" height={160} />
    </Box>
  );
}

function Comparison({
  story,
  from,
  to,
}: {
  story: Story;
  from: ComparisonSide;
  to: ComparisonSide;
}) {
  const { t } = useTranslation('stories');
  const comparison = useQuery(getVersionComparisonQueryOptions(story.id, from, to));
  useQueryErrorToast(failureOtherThanNotFound(comparison), t('versions.compare.loadFailed'));

  if (comparison.isError) {
    if (isProblem(comparison.error, 'NOT_FOUND')) return <NotFoundPage />;
    return (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={t('versions.compare.loadFailed')}
        text={t('versions.loadFailedText')}
        action={<Button onClick={() => void comparison.refetch()}>{t('list.retry')}</Button>}
      />
    );
  }
  if (!comparison.data) return <ComparisonSkeleton label={t('versions.compare.loading')} />;
  return (
    // While another pair loads, the last answer stays, dimmed and marked busy.
    <Box
      aria-busy={comparison.isPlaceholderData}
      sx={{ opacity: comparison.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <ComparisonBody story={story} comparison={comparison.data} />
    </Box>
  );
}

function ComparisonBody({
  story,
  comparison,
}: {
  story: Story;
  comparison: StoryVersionComparison;
}) {
  const { t } = useTranslation('stories');
  const figures = useComparisonFigures(story, comparison);
  if (!hasDifferences(comparison)) {
    return (
      <>
        <ComparisonSides comparison={comparison} figures={figures} />
        <Paper variant="outlined">
          <EmptyState
            icon={<CompareArrowsIcon />}
            title={t('versions.compare.sameTitle')}
            text={t('versions.compare.sameText')}
          />
        </Paper>
      </>
    );
  }
  return (
    <>
      <ComparisonSides comparison={comparison} figures={figures} />
      <ComparisonTotals comparison={comparison} figures={figures} />
      <ComparisonRoles story={story} comparison={comparison} figures={figures} />
      <ComparisonPhases story={story} comparison={comparison} figures={figures} />
      <ComparisonInstances story={story} comparison={comparison} figures={figures} />
    </>
  );
}

/** The sides the address names, the missing ones by default: from the newest version, to the live story. */
function sidesOf(
  from: ComparisonSide | undefined,
  to: ComparisonSide | undefined,
  versions: readonly StoryVersion[] | undefined,
): { from: ComparisonSide; to: ComparisonSide } | 'loading' | 'noVersions' {
  const newest = versions?.[0]?.id;
  if (from === undefined && newest === undefined) return versions ? 'noVersions' : 'loading';
  return { from: from ?? newest ?? LIVE_STORY, to: to ?? LIVE_STORY };
}

function VersionComparison({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const [searchParams, setSearchParams] = useSearchParams();
  const versions = useQuery(getVersionsQueryOptions(story.id));
  useQueryErrorToast(versions, t('versions.loadFailed'));
  const fromParam = comparisonSideOfParam(searchParams.get(COMPARE_FROM_PARAM));
  const toParam = comparisonSideOfParam(searchParams.get(COMPARE_TO_PARAM));
  // Neither an id nor `live`: the address is wrong, as a version page's with a bad id.
  if (fromParam === null || toParam === null) return <NotFoundPage />;

  if (versions.isError) {
    return (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={t('versions.loadFailed')}
        text={t('versions.loadFailedText')}
        action={<Button onClick={() => void versions.refetch()}>{t('list.retry')}</Button>}
      />
    );
  }
  const sides = sidesOf(fromParam, toParam, versions.data);
  if (sides === 'noVersions') {
    return (
      <EmptyState
        icon={<CompareArrowsIcon />}
        title={t('versions.compare.noVersionsTitle')}
        text={t('versions.compare.noVersionsText')}
      />
    );
  }
  const known = (side: ComparisonSide) =>
    side === LIVE_STORY ||
    side === UPGRADED_STORY ||
    versions.data?.some((version) => version.id === side) !== false;
  // A version the story does not have (deleted, or another story's) is not found, as on its own page.
  if (sides !== 'loading' && (!known(sides.from) || !known(sides.to))) return <NotFoundPage />;

  return (
    <>
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          mb: 3,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'center' },
          gap: 2,
        }}
      >
        {versions.data && sides !== 'loading' ? (
          <ComparisonPickers
            versions={versions.data}
            pinsItemVersions={story.pinsItemVersions}
            from={sides.from}
            to={sides.to}
            onChange={(next) =>
              setSearchParams({
                [COMPARE_FROM_PARAM]: String(next.from),
                [COMPARE_TO_PARAM]: String(next.to),
              })
            }
          />
        ) : (
          <Box sx={{ display: 'flex', gap: 2, flex: 1 }}>
            <Skeleton variant="rounded" height={40} sx={{ flex: 1 }} />
            <Skeleton variant="rounded" height={40} sx={{ flex: 1 }} />
          </Box>
        )}
        {sides === 'loading' ? null : (
          <Box aria-label={t('versions.compare.exportTitle')} role="group">
            <ReportDownloads
              path={reportPaths.versionComparison(story.id)}
              query={{ from: String(sides.from), to: String(sides.to) }}
            />
          </Box>
        )}
      </Paper>
      {sides === 'loading' ? (
        <ComparisonSkeleton label={t('versions.compare.loading')} />
      ) : (
        <Comparison story={story} from={sides.from} to={sides.to} />
      )}
    </>
  );
}

export function StoryVersionComparisonPage({ storyId }: StoryParams) {
  const { t } = useTranslation('stories');
  return (
    <StoryFrame
      storyId={storyId}
      title={t('versions.compare.pageTitle')}
      actions={() => (
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.story(storyId)}>
          {t('versions.backToOverview')}
        </Button>
      )}
    >
      {(story) => <VersionComparison story={story} />}
    </StoryFrame>
  );
}
