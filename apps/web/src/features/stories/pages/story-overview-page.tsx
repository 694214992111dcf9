// /story-detail/{storyId}: the story's overview — status, totals, estimated time, errors, last activity, edit, copy and delete, its versions, its catalog upgrades and its history.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyRoleAllows, type Story } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import type { StoryParams } from '@/lib/routing/route-params';
import { formatDateTime, formatNumber } from '@/lib/format';
import { getStoryCalculationQueryOptions } from '../api/calculation';
import { useDeleteStory } from '../api/stories';
import { StoryFrame } from '../components/story-frame';
import { useStoryFigures } from '../lib/story-figures';
import { FavouriteButton } from '../list/favourite-button';
import { CopyStoryDialog } from '../lifecycle/copy-story-dialog';
import { StoryStatusPanel } from '../lifecycle/story-status';
import { EditStoryDialog } from '../overview/edit-story-dialog';
import { StoryEvents } from '../overview/story-events';
import { UpgradesSection } from '../upgrades/upgrades-section';
import { VersionsSection } from '../versions/versions-section';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{ fontSize: '1.35rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums', mt: 0.5 }}
      >
        {children}
      </Typography>
    </Paper>
  );
}

function Overview({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const { t: tDomain } = useTranslation('domain');
  const figures = useStoryFigures(story.catalog);
  const { t: tErrors } = useTranslation('errors');
  const calculation = useQuery(getStoryCalculationQueryOptions(story.id));
  useQueryErrorToast(calculation, tErrors('load.storyCalculation'));
  const optional = calculation.data?.optional;
  return (
    <>
      <StoryStatusPanel story={story} />
      <Typography sx={{ color: story.description ? 'text.primary' : 'text.secondary', mb: 1 }}>
        {story.description || t('overview.noDescription')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }}>
        <Chip
          label={`${t('overview.catalog')}: ${story.catalog.name} (${tDomain(`catalogType.${story.catalog.type}`)})`}
        />
        <Chip label={`${t('overview.myRole')}: ${tDomain(`storyMemberRole.${story.myRole}`)}`} />
        {story.createdBy ? (
          <Chip
            variant="outlined"
            label={t('overview.created', {
              date: formatDateTime(story.createdAt, figures.locale),
              name: story.createdBy.name,
            })}
          />
        ) : null}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          mb: 3,
        }}
      >
        {story.price === null ? null : (
          <>
            <Figure label={t('overview.total')}>{figures.price(story.price)}</Figure>
            <Figure label={t('overview.optional')}>
              {optional?.price ? (
                figures.price(optional.price)
              ) : calculation.isError ? (
                <Button
                  onClick={() => void calculation.refetch()}
                  sx={{ fontSize: '1rem', p: 0, minWidth: 0 }}
                >
                  {t('list.retry')}
                </Button>
              ) : (
                <Skeleton width={100} />
              )}
            </Figure>
          </>
        )}
        <Figure label={t('overview.estimatedTime')}>
          {t('figures.mandays', { value: figures.mandays(story.estimatedMandays) })}
        </Figure>
        <Figure label={t('overview.instances')}>
          {formatNumber(story.instanceCount, figures.locale)}
        </Figure>
        <Figure label={t('overview.errors')}>
          {story.errorCount > 0 ? (
            <Button
              component={RouterLink}
              to={paths.storySummary(story.id, 'ict')}
              color="error"
              sx={{ fontSize: 'inherit', p: 0, minWidth: 0 }}
            >
              {formatNumber(story.errorCount, figures.locale)}
            </Button>
          ) : (
            formatNumber(0, figures.locale)
          )}
        </Figure>
        <Figure label={t('overview.lastActivity')}>
          <Box component="span" sx={{ fontSize: '1rem' }}>
            {formatDateTime(story.lastActivityAt, figures.locale)}
          </Box>
        </Figure>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 3 }}>
        <Button variant="contained" component={RouterLink} to={paths.storyItems(story.id)}>
          {t('overview.openItems')}
        </Button>
        <Button
          variant="outlined"
          component={RouterLink}
          to={paths.storySummary(story.id, 'roles')}
        >
          {t('overview.openSummary')}
        </Button>
      </Box>
      <VersionsSection story={story} />
      <UpgradesSection story={story} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('events.title')}
        </Typography>
        <StoryEvents story={story} />
      </Paper>
    </>
  );
}

function StoryActions({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const deleteStory = useDeleteStory(story.id);
  const [editing, setEditing] = useState(false);
  const [copying, setCopying] = useState(false);
  const manage = storyRoleAllows(story.myRole, 'MANAGE_STORY');
  // A customer belongs to the subscriber's company; copies stay in the owner company (decision 0031).
  const mayCopy = story.myRole !== 'ICT_CUSTOMER';
  return (
    // Four buttons do not fit beside each other on a phone: they wrap instead of widening the page.
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <FavouriteButton story={story} />
      <Button
        startIcon={<PictureAsPdfOutlinedIcon />}
        component={RouterLink}
        to={paths.storySummaryExport(story.id)}
      >
        {t('overview.export')}
      </Button>
      {mayCopy ? (
        <Button startIcon={<ContentCopyIcon />} onClick={() => setCopying(true)}>
          {t('overview.copy')}
        </Button>
      ) : null}
      {manage ? (
        <>
          <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
            {t('overview.edit')}
          </Button>
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() =>
              confirm({
                title: t('overview.deleteTitle', { name: story.name }),
                message: t('overview.deleteText', { count: story.instanceCount }),
                okButtonText: t('overview.delete'),
                onOk: () =>
                  deleteStory.mutateAsync().then(
                    () => {
                      toast.success(t('overview.deleted', { name: story.name }));
                      void navigate('/');
                    },
                    () => toast.error(t('overview.deleteFailed')),
                  ),
              })
            }
          >
            {t('overview.delete')}
          </Button>
        </>
      ) : null}
      {editing ? <EditStoryDialog story={story} onClose={() => setEditing(false)} /> : null}
      {copying ? <CopyStoryDialog story={story} onClose={() => setCopying(false)} /> : null}
    </Box>
  );
}

export function StoryOverviewPage({ storyId }: StoryParams) {
  const { t } = useTranslation('routes');
  return (
    <StoryFrame
      storyId={storyId}
      title={t('view.storyOverview')}
      actions={(story) => <StoryActions story={story} />}
    >
      {(story) => <Overview story={story} />}
    </StoryFrame>
  );
}
