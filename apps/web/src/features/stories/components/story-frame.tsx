// The frame of every story page: loads the story (404 -> the not-found page), shows its name, says when its catalog is deleted, and renders the page with it;
// it holds the story's live stream (changes by others refetched and announced, who else has the story open).
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Story } from '@costory/shared';
import { useShowNavigation } from '@/components/navigation';
import { EmptyState } from '@/components/empty-state';
import { NotFoundPage } from '@/components/not-found-page';
import { failureOtherThanNotFound, isProblem } from '@/lib/problem-text';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { getStoryQueryOptions } from '../api/story';
import { StoryLiveContext, useLiveValue } from '../live/live-store';
import { LiveEndedSlot, LiveNoticeRegion, LivePresence } from '../live/live-ui';
import { useStoryLive } from '../live/use-story-live';

export interface StoryFrameProps {
  storyId: number;
  /** The page's own title, shown under the story's name. */
  title: string;
  actions?: (story: Story) => ReactNode;
  children: (story: Story) => ReactNode;
}

export function StoryFrame(props: StoryFrameProps) {
  const live = useStoryLive(props.storyId);
  return (
    <StoryLiveContext value={live}>
      <StoryFrameContent {...props} />
      <LiveNoticeRegion />
    </StoryLiveContext>
  );
}

function StoryFrameContent({ storyId, title, actions, children }: StoryFrameProps) {
  useShowNavigation();
  const { t } = useTranslation('stories');
  const { t: tCommon } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const story = useQuery(getStoryQueryOptions(storyId));
  // A story that does not exist (or is not shared) has its own page; any other failure is a toast.
  useQueryErrorToast(failureOtherThanNotFound(story), tErrors('load.story'));
  // Access ended while the page was open: say why, instead of the story (or a bare 404 after a
  // refetch). A story that was never readable keeps the not-found page.
  const ended = useLiveValue((live) => live.ended);

  if (ended && (story.data || ended !== 'NOT_FOUND')) {
    return (
      <Box sx={{ py: 3 }}>
        <LiveEndedSlot />
      </Box>
    );
  }
  if (story.isError) {
    if (isProblem(story.error, 'NOT_FOUND')) return <NotFoundPage />;
    return (
      <EmptyState
        icon={<AutoStoriesOutlinedIcon />}
        title={t('overview.loadFailed')}
        text={t('list.loadFailedText')}
        action={<Button onClick={() => void story.refetch()}>{t('list.retry')}</Button>}
      />
    );
  }
  return (
    <Box sx={{ py: 3 }}>
      {story.data ? <title>{`${title} · ${story.data.name} · ${tCommon('appName')}`}</title> : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {story.data ? story.data.name : <Skeleton width={200} />}
          </Typography>
          <Typography variant="h1">{title}</Typography>
        </Box>
        <LivePresence />
        {story.data && actions ? actions(story.data) : null}
      </Box>
      <LiveEndedSlot />
      {story.data?.catalog.deleted ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('catalogDeleted', { name: story.data.catalog.name })}
        </Alert>
      ) : null}
      {story.data ? (
        children(story.data)
      ) : (
        <Box role="status" aria-label={tCommon('loading')}>
          <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
    </Box>
  );
}
