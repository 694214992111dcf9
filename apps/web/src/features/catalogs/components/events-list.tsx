// The history of a catalog or of one item (GET …/events): who changed what and when, with old -> new values.
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
import type { Catalog, CatalogEvent } from '@costory/shared';
import { formatDateTime } from '@/lib/format';
import { getCatalogEventsQueryOptions } from '../api/events';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { CATALOG_EVENT_TYPES } from '@costory/shared';
import { EventChanges } from '@/components/event-changes';
import { humanizeCode, isOneOf } from '@/lib/event-text';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function EventRow({ event, catalog }: { event: CatalogEvent; catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const who = event.user?.name ?? t('events.system');
  const what = isOneOf(CATALOG_EVENT_TYPES, event.type)
    ? t(`events.type.${event.type}`)
    : humanizeCode(event.type);
  return (
    <ListItem alignItems="flex-start" divider sx={{ px: 0 }}>
      <ListItemAvatar>
        <Avatar sx={{ width: 36, height: 36, fontSize: '0.9rem' }} aria-hidden>
          {event.user ? initialsOf(event.user.name) : <HistoryIcon fontSize="small" />}
        </Avatar>
      </ListItemAvatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{what}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {who} · <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
        </Typography>
        <EventChanges changes={event.changes} defaultLanguage={catalog.defaultLanguage} />
      </Box>
    </ListItem>
  );
}

export interface EventsListProps {
  catalog: Catalog;
  /** Only this item's events; without it the whole catalog's. */
  itemId?: number;
}

export function EventsList({ catalog, itemId }: EventsListProps) {
  const { t } = useTranslation('catalogs');
  const { t: tCommon } = useTranslation();
  const events = useInfiniteQuery(getCatalogEventsQueryOptions(catalog.id, itemId));
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
  if (events.isError) {
    return (
      <Typography sx={{ color: 'text.secondary', py: 2 }}>
        {t('events.loadFailed')}{' '}
        <Button size="small" onClick={() => void events.refetch()}>
          {t('actions.retry')}
        </Button>
      </Typography>
    );
  }
  if (rows.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('events.empty')}</Typography>;
  }
  return (
    <>
      <List aria-label={t('events.title')} disablePadding>
        {rows.map((event) => (
          <EventRow key={event.id} event={event} catalog={catalog} />
        ))}
      </List>
      {events.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
          <Button
            variant="outlined"
            loading={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          >
            {t('actions.loadMore')}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
