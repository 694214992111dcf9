// The item list of a catalog: filters by state (chips), labels (in the route), text; a table of one page at a time
// with "Load more", so even thousands of items stay quick.
import { memo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ITEM_STATES,
  roleAllows,
  type Catalog,
  type ItemState,
  type ItemSummary,
  type Label,
} from '@costory/shared';
import { formatNumber } from '@/lib/format';
import { getItemListQueryOptions } from '../api/items';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { catalogPaths } from '../lib/catalog-paths';
import { EmptyState } from '@/components/empty-state';
import { CodeText } from '@/components/code-text';
import { ItemIcon } from '@/components/item-icon';
import { LabelChip } from '@/components/label-chip';
import { StateChip } from './state-chip';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { SearchField } from '@/components/search-field';
import { LoadMoreButton } from '@/components/load-more-button';

const MAX_LABEL_CHIPS = 3;

interface RowProps {
  item: ItemSummary;
  catalog: Catalog;
  labels: readonly Label[];
  to: string;
  selected: boolean;
}

// Memoized: loading the next page renders only its new rows, not the thousands before it.
const ItemRow = memo(function ItemRow({ item, catalog, labels, to, selected }: RowProps) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const localized = useLocalizedText(catalog);
  const navigate = useNavigate();
  const itemLabels = item.labelIds
    .map((id) => labels.find((label) => label.id === id))
    .filter((label): label is Label => label !== undefined);
  return (
    <TableRow
      hover
      selected={selected}
      onClick={() => void navigate(to)}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>
        <CodeText monospace>{item.code}</CodeText>
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <ItemIcon name={item.icon} fontSize="small" color="action" />
          {/* The link is what keyboard users reach; the row click is a shortcut for the mouse. */}
          <Link
            component={RouterLink}
            to={to}
            underline="hover"
            onClick={(event) => event.stopPropagation()}
            sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {localized(item.name) || item.code}
          </Link>
        </Box>
      </TableCell>
      <TableCell>
        <StateChip state={item.state} />
      </TableCell>
      <TableCell align="right">{formatNumber(item.version, locale)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {itemLabels.slice(0, MAX_LABEL_CHIPS).map((label) => (
            <LabelChip key={label.id} title={label.title} color={label.color} />
          ))}
          {itemLabels.length > MAX_LABEL_CHIPS ? (
            <Chip
              size="small"
              label={t('items.moreLabels', { count: itemLabels.length - MAX_LABEL_CHIPS })}
            />
          ) : null}
        </Stack>
      </TableCell>
      <TableCell align="right">{formatNumber(item.maxLevel, locale)}</TableCell>
    </TableRow>
  );
});

export interface ItemListProps {
  catalog: Catalog;
  groupId: number | undefined;
  labelIds: readonly number[];
  itemId: number | undefined;
  labels: readonly Label[];
  /** Rows wait for the labels, so their chips do not pop in and change the row heights. */
  labelsLoaded: boolean;
}

export function ItemList({
  catalog,
  groupId,
  labelIds,
  itemId,
  labels,
  labelsLoaded,
}: ItemListProps) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const [state, setState] = useState<ItemState | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const seesAllStates = roleAllows(catalog.myRole, 'READ_ALL_ITEM_STATES');
  const canSuggest = roleAllows(catalog.myRole, 'SUGGEST_ITEM');
  const items = useInfiniteQuery({
    ...getItemListQueryOptions(catalog.id, {
      state: seesAllStates ? state : null,
      groupId: groupId ?? null,
      labelIds,
      q,
    }),
    // The rows stay while another filter loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
  useQueryErrorToast(items, tErrors('load.catalogItems'));
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = state !== null || q !== '' || labelIds.length > 0 || groupId !== undefined;

  const newItemButton = canSuggest ? (
    <Button
      component={RouterLink}
      to={catalogPaths.itemCreate(catalog.id, groupId)}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {roleAllows(catalog.myRole, 'MANAGE_STRUCTURE') ? t('items.newItem') : t('items.suggestItem')}
    </Button>
  ) : null;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.3rem', flexGrow: 1 }}>
          {t('items.title')}
        </Typography>
        {newItemButton}
      </Box>
      <Paper variant="outlined">
        <Box role="search" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <SearchField
              label={t('items.search')}
              value={search}
              onChange={setSearch}
              sx={{ flex: '1 1 240px' }}
            />
            <Autocomplete
              multiple
              size="small"
              options={labels.map((label) => label.id)}
              // Ids become chips once their labels are known, so no grey placeholder flashes.
              value={labelIds.filter((id) => labels.some((label) => label.id === id))}
              onChange={(_event, value) =>
                void navigate(
                  catalogPaths.items(catalog.id, { groupId, labelIds: value, itemId }),
                  {
                    replace: true,
                  },
                )
              }
              getOptionLabel={(id) => labels.find((label) => label.id === id)?.title ?? String(id)}
              renderValue={(value, getItemProps) =>
                value.map((id, index) => {
                  const label = labels.find((candidate) => candidate.id === id);
                  const { key, ...itemProps } = getItemProps({ index });
                  return (
                    <LabelChip
                      key={key}
                      {...itemProps}
                      title={label?.title ?? String(id)}
                      color={label?.color ?? '#757575'}
                    />
                  );
                })
              }
              renderInput={(params) => <TextField {...params} label={t('items.labelFilter')} />}
              sx={{ flex: '1 1 260px' }}
            />
          </Box>
          {seesAllStates ? (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap' }}
              role="group"
              aria-label={t('items.stateFilter')}
            >
              {[null, ...ITEM_STATES].map((option) => (
                <Chip
                  key={option ?? 'all'}
                  label={option === null ? t('items.allStates') : tDomain(`itemState.${option}`)}
                  color={state === option ? 'primary' : 'default'}
                  variant={state === option ? 'filled' : 'outlined'}
                  aria-pressed={state === option}
                  onClick={() => setState(option)}
                />
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('items.completeOnly')}
            </Typography>
          )}
        </Box>
        <Box sx={{ height: 4 }}>
          {items.isFetching && !items.isPending ? (
            <LinearProgress aria-label={t('items.loading')} />
          ) : null}
        </Box>
        <TableContainer>
          {/* Not a fixed layout: the code column grows to the longest code, which never breaks. */}
          <Table aria-label={t('items.title')} sx={{ minWidth: 680 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '14%' }}>{t('fields.code')}</TableCell>
                <TableCell>{t('fields.name')}</TableCell>
                <TableCell sx={{ width: '17%' }}>{t('items.state')}</TableCell>
                <TableCell sx={{ width: '9%' }} align="right">
                  {t('items.version')}
                </TableCell>
                <TableCell sx={{ width: '21%' }}>{t('fields.labels')}</TableCell>
                <TableCell sx={{ width: '12%', whiteSpace: 'nowrap' }} align="right">
                  {t('items.maxLevel')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.isPending || !labelsLoaded ? <TableSkeletonRows rows={8} columns={6} /> : null}
              {(labelsLoaded ? rows : []).map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  catalog={catalog}
                  labels={labels}
                  selected={item.id === itemId}
                  to={catalogPaths.items(catalog.id, { itemId: item.id, groupId, labelIds })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {items.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<Inventory2OutlinedIcon />}
            title={filtered ? t('items.noMatchTitle') : t('items.emptyTitle')}
            text={
              filtered
                ? t('items.noMatchText')
                : canSuggest
                  ? t('items.emptyTextSuggest')
                  : t('items.emptyText')
            }
            action={filtered ? undefined : newItemButton}
          />
        ) : null}
        <LoadMoreButton query={items} label={t('actions.loadMore')} />
      </Paper>
    </Box>
  );
}
