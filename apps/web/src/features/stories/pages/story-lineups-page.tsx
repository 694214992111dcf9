// /story-detail/{id}/lineups: the story's lineups with their totals, one lineup priced role by role, and two or more compared side by side; admins and modelers create, edit and delete them.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyRoleAllows, type Lineup, type LineupPricing, type Story } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import type { StoryParams } from '@/lib/routing/route-params';
import { visuallyHidden } from '@/lib/visually-hidden';
import { EmptyState } from '@/components/empty-state';
import { SectionHeader } from '@/components/section-header';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { pinnedCell, usePhoneLayout } from '@/components/phone-table';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { getLineupQueryOptions, getLineupsQueryOptions, useLineupMutations } from '../api/lineups';
import { getStoryCatalogQueryOptions } from '../api/story';
import { StoryFrame } from '../components/story-frame';
import { useStoryFigures } from '../lib/story-figures';
import { LineupComparisonTable } from '../lineups/lineup-comparison-table';
import { LineupDialog } from '../lineups/lineup-dialog';
import { LineupPricingTable } from '../lineups/lineup-pricing-table';
import { LineupQuotes } from '../lineups/lineup-quotes';

const COLUMNS = 8;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Editing = { lineup?: LineupPricing } | null;

interface LineupRowProps {
  story: Story;
  lineup: Lineup;
  shown: boolean;
  selected: boolean;
  canEdit: boolean;
  /** A card on a phone: the parties, time and totals on lines under the name. */
  phone: boolean;
  onShow: () => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function LineupRow(props: LineupRowProps) {
  const { story, lineup, shown, selected, canEdit, phone } = props;
  const { t } = useTranslation('lineups');
  const { t: tDomain } = useTranslation('domain');
  const figures = useStoryFigures(story.catalog);
  const { name } = lineup;
  return (
    <TableRow hover selected={shown} sx={{ cursor: 'pointer' }} onClick={props.onShow}>
      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
        <Checkbox
          checked={selected}
          onChange={props.onToggle}
          slotProps={{ input: { 'aria-label': t('actions.select', { name }) } }}
        />
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Button
          variant="text"
          onClick={(event) => {
            event.stopPropagation();
            props.onShow();
          }}
          aria-pressed={shown}
          aria-label={t('actions.show', { name })}
          sx={{ p: 0, minWidth: 0, textAlign: 'left', fontWeight: 700 }}
        >
          {name}
        </Button>
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {/* A customer is not told how the prices were made (decision 0033). */}
          {storyRoleAllows(story.myRole, 'READ_MARGINS')
            ? [
                lineup.customPrices.length > 0
                  ? t('customPriceCount', { count: lineup.customPrices.length })
                  : t('noCustomPrices'),
                lineup.description,
              ]
                .filter(Boolean)
                .join(' · ')
            : lineup.description}
        </Typography>
        {phone ? (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2">
              {lineup.supplier.name} → {lineup.subscriber.name}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('column.time')} {figures.mandays(lineup.total.mandays)}{' '}
              {tDomain('unitSymbol.MANDAYS')} ·{' '}
              <Box component="strong" data-testid="lineup-total" sx={{ whiteSpace: 'nowrap' }}>
                {figures.price(lineup.total.price)}
              </Box>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('column.optional')} {figures.price(lineup.optional.price)}
            </Typography>
          </Box>
        ) : null}
      </TableCell>
      {phone ? null : (
        <>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{lineup.supplier.name}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{lineup.subscriber.name}</TableCell>
          <TableCell align="right" sx={numeric}>
            {figures.mandays(lineup.total.mandays)} {tDomain('unitSymbol.MANDAYS')}
          </TableCell>
          <TableCell
            align="right"
            data-testid="lineup-total"
            sx={[{ ...numeric, fontWeight: 700 }, pinnedCell]}
          >
            {figures.price(lineup.total.price)}
          </TableCell>
          <TableCell align="right" sx={{ ...numeric, color: 'text.secondary' }}>
            {figures.price(lineup.optional.price)}
          </TableCell>
        </>
      )}
      {/* On a phone the three buttons stand in a column beside the card. */}
      <TableCell
        align="right"
        sx={phone ? { width: 48, px: 0.5 } : { whiteSpace: 'nowrap' }}
        onClick={(e) => e.stopPropagation()}
      >
        <Tooltip title={t('actions.export', { name })}>
          <IconButton
            component={RouterLink}
            to={paths.storyLineupExport(story.id, lineup.id)}
            aria-label={t('actions.export', { name })}
          >
            <PictureAsPdfOutlinedIcon />
          </IconButton>
        </Tooltip>
        {canEdit ? (
          <>
            <Tooltip title={t('actions.edit', { name })}>
              <IconButton onClick={props.onEdit} aria-label={t('actions.edit', { name })}>
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('actions.delete', { name })}>
              <IconButton onClick={props.onDelete} aria-label={t('actions.delete', { name })}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function LineupDetail({ story, lineupId }: { story: Story; lineupId: number }) {
  const { t } = useTranslation('lineups');
  const lineup = useQuery(getLineupQueryOptions(story.id, lineupId));
  if (lineup.isError) {
    return (
      <EmptyState
        icon={<RequestQuoteOutlinedIcon />}
        title={t('detail.loadFailed')}
        text={t('loadFailedText')}
        action={<Button onClick={() => void lineup.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  if (!lineup.data) {
    return (
      <Table size="small" aria-busy="true" aria-label={t('loading')}>
        <TableBody>
          <TableSkeletonRows rows={4} columns={7} />
        </TableBody>
      </Table>
    );
  }
  return <LineupPricingTable story={story} lineup={lineup.data} />;
}

function Comparison({ story, ids }: { story: Story; ids: readonly number[] }) {
  const { t } = useTranslation('lineups');
  const details = useQueries({
    queries: ids.map((id) => getLineupQueryOptions(story.id, id)),
  });
  const loaded = details.flatMap((query) => (query.data ? [query.data] : []));
  if (loaded.length < ids.length) {
    return (
      <Table size="small" aria-busy="true" aria-label={t('compare.loading')}>
        <TableBody>
          <TableSkeletonRows rows={4} columns={ids.length + 1} />
        </TableBody>
      </Table>
    );
  }
  return <LineupComparisonTable story={story} lineups={loaded} />;
}

function Lineups({ story }: { story: Story }) {
  const { t } = useTranslation('lineups');
  const toast = useToast();
  const queryClient = useQueryClient();
  const lineups = useQuery(getLineupsQueryOptions(story.id));
  const catalog = useQuery(getStoryCatalogQueryOptions(story.id));
  const mutations = useLineupMutations(story.id);
  const canEdit = storyRoleAllows(story.myRole, 'EDIT_LINEUPS');
  const phone = usePhoneLayout();
  const [editing, setEditing] = useState<Editing>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const [selected, setSelected] = useState<readonly number[]>([]);
  useQueryErrorToast(lineups, t('loadFailed'));

  const list = lineups.data ?? [];
  const existing = new Set(list.map((lineup) => lineup.id));
  const shown = shownId !== null && existing.has(shownId) ? shownId : (list[0]?.id ?? null);
  const compared = selected.filter((id) => existing.has(id));
  const shownLineup = list.find((lineup) => lineup.id === shown);

  const askDelete = useConfirmedDelete<Lineup>({
    title: t('delete.title'),
    message: (lineup) => t('delete.message', { name: lineup.name }),
    name: (lineup) => lineup.name,
    failed: t('delete.failed'),
    remove: (lineup) => mutations.remove.mutateAsync(lineup.id),
  });

  const edit = async (lineup: Lineup) => {
    try {
      // Fresh, so the dialog edits the stored version (an older one would only end in a 409).
      const priced = await queryClient.fetchQuery({
        ...getLineupQueryOptions(story.id, lineup.id),
        staleTime: 0,
      });
      setEditing({ lineup: priced });
    } catch {
      toast.error(t('loadFailed'));
    }
  };
  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id],
    );

  let body;
  if (lineups.isError) {
    body = (
      <EmptyState
        icon={<RequestQuoteOutlinedIcon />}
        title={t('loadFailed')}
        text={t('loadFailedText')}
        action={<Button onClick={() => void lineups.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (lineups.isSuccess && list.length === 0) {
    body = (
      <EmptyState
        icon={<RequestQuoteOutlinedIcon />}
        title={t('emptyTitle')}
        text={canEdit ? t('emptyEditor') : t('empty')}
        action={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
              {t('add')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <TableContainer>
        <Table
          aria-label={t('listLabel')}
          aria-busy={lineups.isPending}
          sx={{ minWidth: phone ? 0 : 900 }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">{t('column.select')}</TableCell>
              <TableCell>{t('column.name')}</TableCell>
              {phone ? null : (
                <>
                  <TableCell>{t('column.supplier')}</TableCell>
                  <TableCell>{t('column.subscriber')}</TableCell>
                  <TableCell align="right">{t('column.time')}</TableCell>
                  <TableCell align="right" sx={pinnedCell}>
                    {t('column.total')}
                  </TableCell>
                  <TableCell align="right">{t('column.optional')}</TableCell>
                </>
              )}
              <TableCell align="right">
                {/* A phone has room for the buttons only: the header is for screen readers there. */}
                <Box component="span" sx={phone ? visuallyHidden : undefined}>
                  {t('column.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lineups.isPending ? (
              <TableSkeletonRows rows={3} columns={phone ? 3 : COLUMNS} />
            ) : (
              list.map((lineup) => (
                <LineupRow
                  key={lineup.id}
                  story={story}
                  lineup={lineup}
                  shown={lineup.id === shown}
                  selected={compared.includes(lineup.id)}
                  canEdit={canEdit}
                  phone={phone}
                  onShow={() => setShownId(lineup.id)}
                  onToggle={() => toggle(lineup.id)}
                  onEdit={() => void edit(lineup)}
                  onDelete={() => askDelete(lineup)}
                />
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <SectionHeader
          title={t('title')}
          text={t(storyRoleAllows(story.myRole, 'READ_MARGINS') ? 'intro' : 'introCustomer')}
          action={
            canEdit && list.length > 0 ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
                {t('add')}
              </Button>
            ) : undefined
          }
        />
        {body}
      </Paper>
      {shownLineup ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <SectionHeader
            title={t('detail.title', { name: shownLineup.name })}
            text={`${shownLineup.supplier.name} → ${shownLineup.subscriber.name}`}
          />
          {shownLineup.errorCount > 0 ? (
            <Typography sx={{ color: 'warning.main', mb: 1 }}>
              {t('errors', { count: shownLineup.errorCount })}
            </Typography>
          ) : null}
          <LineupDetail story={story} lineupId={shownLineup.id} />
        </Paper>
      ) : null}
      {shownLineup ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <LineupQuotes storyId={story.id} lineupId={shownLineup.id} canIssue={canEdit} />
        </Paper>
      ) : null}
      {list.length > 1 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <SectionHeader
            title={t('compare.title')}
            text={compared.length >= 2 ? t('compare.intro') : t('compare.hint')}
            action={
              compared.length > 0 ? (
                <Button startIcon={<CompareArrowsIcon />} onClick={() => setSelected([])}>
                  {t('actions.clear')}
                </Button>
              ) : undefined
            }
          />
          {compared.length >= 2 ? (
            <Box>
              <Comparison story={story} ids={compared} />
            </Box>
          ) : null}
        </Paper>
      ) : null}
      {editing && catalog.data ? (
        <LineupDialog
          story={story}
          catalog={catalog.data}
          lineup={editing.lineup}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

export function StoryLineupsPage({ storyId }: StoryParams) {
  const { t } = useTranslation('lineups');
  return (
    <StoryFrame storyId={storyId} title={t('title')}>
      {(story) =>
        storyRoleAllows(story.myRole, 'READ_LINEUPS') ? (
          <Lineups story={story} />
        ) : (
          <EmptyState
            icon={<RequestQuoteOutlinedIcon />}
            title={t('notAllowedTitle')}
            text={t('notAllowed')}
          />
        )
      }
    </StoryFrame>
  );
}
