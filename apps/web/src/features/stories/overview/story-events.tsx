// The story's history: who changed what and when, with old -> new values, newest first.
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORY_EVENT_TYPES, type Story, type StoryEvent } from '@costory/shared';
import { formatDateTime } from '@/lib/format';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { EventChanges } from '@/components/event-changes';
import { isOneOf } from '@/lib/event-text';
import { getStoryEventsQueryOptions } from '../api/events';

function EventRow({ event, story }: { event: StoryEvent; story: Story }) {
  const { t } = useTranslation('stories');
  const locale = useUiLocale();
  const who = event.user?.name ?? t('events.someone');
  const what = isOneOf(STORY_EVENT_TYPES, event.type)
    ? t(`events.type.${event.type}`)
    : t('events.type.other');
  return (
    <ListItem alignItems="flex-start" divider sx={{ px: 0 }}>
      <ListItemAvatar>
        <Avatar sx={{ width: 36, height: 36 }} aria-hidden>
          <HistoryIcon fontSize="small" />
        </Avatar>
      </ListItemAvatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {who}
          </Box>{' '}
          {what}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
        </Typography>
        <EventChanges changes={event.changes} defaultLanguage={story.catalog.defaultLanguage} />
      </Box>
    </ListItem>
  );
}

export function StoryEvents({ story, instanceId }: { story: Story; instanceId?: number }) {
  const { t } = useTranslation('stories');
  const { t: tCommon } = useTranslation();
  const events = useInfiniteQuery(getStoryEventsQueryOptions(story.id, instanceId));
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];
  if (events.isPending) {
    return (
      <Box role="status" aria-label={tCommon('loading')}>
        {[0, 1, 2].map((index) => (
          <Box key={index} sx={{ display: 'flex', gap: 2, py: 1.5 }}>
            <Skeleton variant="circular" width={36} height={36} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton width="40%" />
              <Skeleton width="25%" />
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  if (rows.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('events.empty')}</Typography>;
  }
  return (
    <>
      <List aria-label={t('events.title')} disablePadding>
        {rows.map((event) => (
          <EventRow key={event.id} event={event} story={story} />
        ))}
      </List>
      {events.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
          <Button
            variant="outlined"
            loading={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          >
            {t('events.loadMore')}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
