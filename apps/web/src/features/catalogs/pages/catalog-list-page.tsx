// /ctl: the catalogue list, home of the catalogue context: filter "My catalogs", search, sort, cursor paging,
// "New catalog", and an empty state that says what to do next.
import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATALOG_SORTS, type Catalog } from '@costory/shared';
import { formatNumber } from '@/lib/format';
import {
  FIRST_CATALOG_LIST,
  getCatalogListQueryOptions,
  type CatalogSort,
} from '@/lib/api/catalog-list';
import { CatalogFormDialog } from '../components/catalog-form-dialog';
import { EmptyState } from '@/components/empty-state';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { catalogPaths } from '../lib/catalog-paths';
import { SearchField } from '@/components/search-field';
import { LoadMoreButton } from '@/components/load-more-button';

const SKELETON_ROWS = 6;
const COLUMN_COUNT = 6;

function CatalogRow({ catalog }: { catalog: Catalog }) {
  const { t: tDomain } = useTranslation('domain');
  const locale = useUiLocale();
  return (
    <TableRow hover>
      <TableCell>
        <Link
          component={RouterLink}
          to={catalogPaths.overview(catalog.id)}
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {catalog.name}
        </Link>
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>{catalog.code}</TableCell>
      <TableCell>{tDomain(`catalogType.${catalog.type}`)}</TableCell>
      <TableCell>{tDomain(`catalogVisibility.${catalog.visibility}`)}</TableCell>
      <TableCell>{catalog.ownerCompany.name}</TableCell>
      <TableCell align="right">{formatNumber(catalog.itemCount, locale)}</TableCell>
    </TableRow>
  );
}

export function CatalogListPage() {
  const { t } = useTranslation('catalogs');
  const { t: tCommon } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const [mine, setMine] = useState(FIRST_CATALOG_LIST.mine);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CatalogSort>(FIRST_CATALOG_LIST.sort);
  const [creating, setCreating] = useState(false);
  const q = useDebouncedValue(search.trim());
  const catalogs = useInfiniteQuery({
    ...getCatalogListQueryOptions({ mine, q, sort }),
    // The previous rows stay while a new filter loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
  useQueryErrorToast(catalogs, tErrors('load.catalogs'));

  // The rows are built in a transition once an answer arrives: React yields to a slow phone's browser while it
  // renders them, instead of building the whole table in the task that received the answer.
  const loaded = useDeferredValue(catalogs.data);
  const rows = loaded?.pages.flatMap((page) => page.items) ?? [];
  const filtered = mine || q !== '';
  const newCatalogButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      {t('list.newCatalog')}
    </Button>
  );

  return (
    <Box sx={{ py: 3 }}>
      <title>{`${t('list.title')} · ${tCommon('appName')}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h1">{t('list.title')}</Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('list.intro')}</Typography>
        </Box>
        {newCatalogButton}
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
            value={mine ? 'mine' : 'all'}
            onChange={(_event, value: 'mine' | 'all' | null) => {
              if (value !== null) setMine(value === 'mine');
            }}
            aria-label={t('list.filter')}
          >
            <ToggleButton value="all">{t('list.all')}</ToggleButton>
            <ToggleButton value="mine">{t('list.mine')}</ToggleButton>
          </ToggleButtonGroup>
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
            onChange={(event) => setSort(event.target.value as CatalogSort)}
            sx={{ minWidth: 180 }}
          >
            {CATALOG_SORTS.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`list.sortBy.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {/* Always 4px tall, so the table never moves when a load starts or ends. */}
        <Box sx={{ height: 4 }}>
          {catalogs.isFetching && !catalogs.isPending ? (
            <LinearProgress aria-label={t('list.loading')} />
          ) : null}
        </Box>
        <TableContainer>
          <Table aria-label={t('list.title')} sx={{ tableLayout: 'fixed', minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '28%' }}>{t('list.column.name')}</TableCell>
                <TableCell sx={{ width: '13%' }}>{t('list.column.code')}</TableCell>
                <TableCell sx={{ width: '17%' }}>{t('list.column.type')}</TableCell>
                <TableCell sx={{ width: '14%' }}>{t('list.column.visibility')}</TableCell>
                <TableCell sx={{ width: '18%' }}>{t('list.column.owner')}</TableCell>
                <TableCell sx={{ width: '10%' }} align="right">
                  {t('list.column.items')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {loaded === undefined && !catalogs.isError ? (
                <TableSkeletonRows rows={SKELETON_ROWS} columns={COLUMN_COUNT} />
              ) : (
                rows.map((catalog) => <CatalogRow key={catalog.id} catalog={catalog} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {loaded !== undefined && !catalogs.isError && rows.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<SearchIcon />}
              title={t('list.noMatchTitle')}
              text={t('list.noMatchText')}
              action={
                <Button
                  onClick={() => {
                    setSearch('');
                    setMine(false);
                  }}
                >
                  {t('list.clearFilters')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<LibraryBooksOutlinedIcon />}
              title={t('list.emptyTitle')}
              text={t('list.emptyText')}
              action={newCatalogButton}
            />
          )
        ) : null}
        {catalogs.isError && rows.length === 0 ? (
          <EmptyState
            icon={<LibraryBooksOutlinedIcon />}
            title={tErrors('load.catalogs')}
            text={t('list.loadFailedText')}
            action={<Button onClick={() => void catalogs.refetch()}>{t('actions.retry')}</Button>}
          />
        ) : null}
        <LoadMoreButton query={catalogs} label={t('actions.loadMore')} />
      </Paper>
      {creating ? <CatalogFormDialog open onClose={() => setCreating(false)} /> : null}
    </Box>
  );
}
