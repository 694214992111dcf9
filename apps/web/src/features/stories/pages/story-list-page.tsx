// The home page "My Stories": filters All, Personal, Favourite, status (in the URL), search, sort, favourites, the upgrades a story has waiting, cursor paging and "New story".
import { Suspense, useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  STORY_FILTERS,
  STORY_SORTS,
  STORY_STATUSES,
  type Story,
  type StoryFilter,
  type StorySort,
  type StoryStatus,
} from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import { EmptyState } from '@/components/empty-state';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import {
  FIRST_STORY_LIST,
  getStoryListQueryOptions,
  STORY_STATUS_PARAM,
  storyStatusOfParam,
} from '../api/stories';
import { useStoryFigures } from '../lib/story-figures';
import { FavouriteButton } from '../list/favourite-button';
import { visuallyHidden } from '@/lib/visually-hidden';
import { lazyComponent } from '@/lib/lazy-component';
import { useOpenAfterLoad } from '@/hooks/use-open-after-load';
import { SearchField } from '@/components/search-field';
import { LoadMoreButton } from '@/components/load-more-button';
import { StoryStatusChip } from '../lifecycle/story-status-chip';

// The form's code (react-hook-form, the catalog picker) loads when someone is about to create a story.
const newStoryDialog = lazyComponent(
  async () => (await import('../list/new-story-dialog')).NewStoryDialog,
);

const COLUMN_COUNT = 8;

function StoryRow({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const { t: tDomain } = useTranslation('domain');
  const figures = useStoryFigures(story.catalog);
  return (
    <TableRow hover>
      <TableCell padding="checkbox">
        <FavouriteButton story={story} />
      </TableCell>
      <TableCell>
        <Link
          component={RouterLink}
          to={paths.story(story.id)}
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {story.name}
        </Link>
        {story.description ? (
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {story.description}
          </Typography>
        ) : null}
        {story.upgradesWaiting > 0 ? (
          // A pinned story's newer item versions wait for someone to upgrade them (decision 0043).
          <Chip
            size="small"
            color="info"
            variant="outlined"
            label={t('list.upgradesWaiting', {
              number: formatNumber(story.upgradesWaiting, figures.locale),
            })}
            sx={{ mt: 0.5 }}
          />
        ) : null}
      </TableCell>
      <TableCell>
        <StoryStatusChip status={story.status} />
      </TableCell>
      <TableCell>
        <Typography variant="body2">{story.catalog.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {tDomain(`catalogType.${story.catalog.type}`)}
        </Typography>
      </TableCell>
      <TableCell align="right">
        {t('figures.mandays', { value: figures.mandays(story.estimatedMandays) })}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {story.price === null ? (
          <Tooltip title={t('figures.priceInLineups')}>
            <span aria-label={t('figures.priceInLineups')}>—</span>
          </Tooltip>
        ) : (
          figures.price(story.price)
        )}
        {story.errorCount > 0 ? (
          // On a line of its own, so prices stay aligned in rows with and without errors.
          <Box>
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={t('figures.errors', { count: story.errorCount })}
              sx={{ mt: 0.5 }}
            />
          </Box>
        ) : null}
      </TableCell>
      <TableCell align="right">{formatNumber(story.instanceCount, figures.locale)}</TableCell>
      <TableCell>{formatDateTime(story.lastActivityAt, figures.locale)}</TableCell>
    </TableRow>
  );
}

export function StoryListPage() {
  const { t } = useTranslation('stories');
  const { t: tCommon } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const { t: tDomain } = useTranslation('domain');
  const [filter, setFilter] = useState<StoryFilter>(FIRST_STORY_LIST.filter);
  const [searchParams, setSearchParams] = useSearchParams();
  const status = storyStatusOfParam(searchParams.get(STORY_STATUS_PARAM));
  const setStatus = (next: StoryStatus | undefined) =>
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === undefined) updated.delete(STORY_STATUS_PARAM);
        else updated.set(STORY_STATUS_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<StorySort>(FIRST_STORY_LIST.sort);
  const [creating, setCreating] = useState(false);
  const q = useDebouncedValue(search.trim());
  const stories = useInfiniteQuery({
    ...getStoryListQueryOptions({ filter, q, sort, status }),
    placeholderData: keepPreviousData,
  });
  useQueryErrorToast(stories, tErrors('load.stories'));
  const openNewStory = useOpenAfterLoad(newStoryDialog, setCreating);

  // The rows are built in a transition once an answer arrives: React yields to a slow phone's browser while it
  // renders them, instead of building the whole table in the task that received the answer.
  const loaded = useDeferredValue(stories.data);
  const rows = loaded?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filter !== 'all' || q !== '' || status !== undefined;
  const newStoryButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onPointerEnter={() => void newStoryDialog.preload()}
      onFocus={() => void newStoryDialog.preload()}
      onClick={() => openNewStory(true)}
    >
      {t('list.newStory')}
    </Button>
  );

  return (
    <Box sx={{ py: 3 }}>
      <title>{`${t('title')} · ${tCommon('appName')}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h1">{t('title')}</Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('list.intro')}</Typography>
        </Box>
        {/* Lineups price a story for a supplier and a subscriber; this is where they are kept. */}
        <Button component={RouterLink} to={paths.companies()} startIcon={<HandshakeOutlinedIcon />}>
          {t('list.companies')}
        </Button>
        {newStoryButton}
      </Box>
      <Paper variant="outlined">
        <Box
          role="search"
          sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={filter}
            onChange={(_event, value: StoryFilter | null) => {
              if (value !== null) setFilter(value);
            }}
            aria-label={t('list.filter')}
          >
            {STORY_FILTERS.map((key) => (
              <ToggleButton key={key} value={key}>
                {t(`list.filters.${key}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={t('list.status')}
            value={status ?? ''}
            onChange={(event) => setStatus(storyStatusOfParam(event.target.value))}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('list.statusAll')}</MenuItem>
            {STORY_STATUSES.map((key) => (
              <MenuItem key={key} value={key}>
                {tDomain(`storyStatus.${key}`)}
              </MenuItem>
            ))}
          </TextField>
          <SearchField
            label={t('list.search')}
            value={search}
            onChange={setSearch}
            sx={{ flexGrow: 1, minWidth: 220 }}
          />
          <TextField
            select
            size="small"
            label={t('list.sort')}
            value={sort}
            onChange={(event) => setSort(event.target.value as StorySort)}
            sx={{ minWidth: 200 }}
          >
            {STORY_SORTS.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`list.sortBy.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ height: 4 }}>
          {stories.isFetching && !stories.isPending ? (
            <LinearProgress aria-label={t('list.loading')} />
          ) : null}
        </Box>
        <TableContainer>
          <Table aria-label={t('title')} sx={{ tableLayout: 'fixed', minWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" sx={{ width: 56 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('list.column.favourite')}
                  </Box>
                </TableCell>
                <TableCell sx={{ width: '24%' }}>{t('list.column.name')}</TableCell>
                <TableCell sx={{ width: '11%' }}>{t('list.column.status')}</TableCell>
                <TableCell sx={{ width: '17%' }}>{t('list.column.catalog')}</TableCell>
                <TableCell sx={{ width: '11%' }} align="right">
                  {t('list.column.estimatedTime')}
                </TableCell>
                <TableCell sx={{ width: '15%' }} align="right">
                  {t('list.column.price')}
                </TableCell>
                <TableCell sx={{ width: '8%' }} align="right">
                  {t('list.column.instances')}
                </TableCell>
                <TableCell sx={{ width: '14%' }}>{t('list.column.lastActivity')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {loaded === undefined && !stories.isError ? (
                <TableSkeletonRows columns={COLUMN_COUNT} />
              ) : (
                rows.map((story) => <StoryRow key={story.id} story={story} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {loaded !== undefined && !stories.isError && rows.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<SearchIcon />}
              title={t('list.noMatchTitle')}
              text={t('list.noMatchText')}
              action={
                <Button
                  onClick={() => {
                    setSearch('');
                    setFilter('all');
                    setStatus(undefined);
                  }}
                >
                  {t('list.clearFilters')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<AutoStoriesOutlinedIcon />}
              title={t('list.emptyTitle')}
              text={t('list.emptyText')}
              action={newStoryButton}
            />
          )
        ) : null}
        {stories.isError && rows.length === 0 ? (
          <EmptyState
            icon={<AutoStoriesOutlinedIcon />}
            title={t('list.loadFailed')}
            text={t('list.loadFailedText')}
            action={<Button onClick={() => void stories.refetch()}>{t('list.retry')}</Button>}
          />
        ) : null}
        <LoadMoreButton query={stories} label={t('list.loadMore')} />
      </Paper>
      {creating ? (
        <Suspense fallback={null}>
          <newStoryDialog.Component onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
