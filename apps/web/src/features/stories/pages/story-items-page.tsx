// /story-detail/{id}/items/groups/{groupId?}/itemsLabels/{labels?}: the story's item instances by catalog group and labels,
// with adding, editing (browser-side calculation), copying and deleting instances, and importing them from a spreadsheet.
import { Suspense, memo, useCallback, useEffect, useMemo, useState } from 'react';
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
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPasteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  idTextSchema,
  storyRoleAllows,
  type Instance,
  type Story,
  type StoryCatalog,
  type StoryCatalogItem,
  type StoryLabel,
} from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import type { StoryItemsParams } from '@/lib/routing/route-params';
import { EmptyState } from '@/components/empty-state';
import { CodeText } from '@/components/code-text';
import { usePhoneLayout } from '@/components/phone-table';
import { LabelChip } from '@/components/label-chip';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { useInstanceFailure } from '../instances/use-instance-failure';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { NAMED_EMPTY_CHOICE } from '@/lib/select-props';
import { getInstanceListQueryOptions, useInstanceMutations } from '../api/instances';
import { getStoryLabelsQueryOptions } from '../api/labels';
import { getStoryCatalogQueryOptions } from '../api/story';
import { StoryFrame } from '../components/story-frame';
import { GroupFilter } from '../instances/group-filter';
import { InstanceChips } from '../instances/instance-chips';
import { InstanceActions, InstanceActionsHeader } from '../instances/instance-actions';
import { useStoryFigures } from '../lib/story-figures';
import { GridDeltas, GridDeltasContext } from '../grid/grid-deltas';
import { useLiveRow, useLiveStore } from '../live/live-store';
import { LiveRowEditors, liveRowSx } from '../live/live-ui';
import { ItemsGrid } from '../grid/items-grid';
import { ItemsTotalsBar } from '../grid/items-totals-bar';
import { SearchField } from '@/components/search-field';
import { LoadMoreButton } from '@/components/load-more-button';
import { lazyComponent } from '@/lib/lazy-component';
import { whenIdle } from '@/lib/when-idle';
import { useOpenAfterLoad } from '@/hooks/use-open-after-load';

const COLUMN_COUNT = 6;

// Forms the page opens on demand: their code loads when the page is idle, or when first opened.
const instanceEditor = lazyComponent(
  async () => (await import('../instances/instance-editor-dialog')).InstanceEditorDialog,
);
const pasteDialog = lazyComponent(async () => (await import('../grid/paste-dialog')).PasteDialog);
const importDialog = lazyComponent(
  async () => (await import('../instances/instance-import-dialog')).InstanceImportDialog,
);
const addDialog = lazyComponent(
  async () => (await import('../instances/add-instance-dialog')).AddInstanceDialog,
);

type Editing = { item: StoryCatalogItem; instance?: Instance } | null;

interface InstanceRowProps {
  story: Story;
  instance: Instance;
  labels: ReadonlyMap<number, StoryLabel>;
  canEdit: boolean;
  /** A card on a phone: the level, errors, time and price on a line under the name. */
  phone: boolean;
  onOpen: (instance: Instance) => void;
  onCopy: (instance: Instance) => void;
  onDelete: (instance: Instance) => void;
}

const InstanceRow = memo(function InstanceRow({
  story,
  instance,
  labels,
  canEdit,
  phone,
  onOpen,
  onCopy,
  onDelete,
}: InstanceRowProps) {
  const { t } = useTranslation('instances');
  const localized = useLocalizedText(story.catalog);
  const figures = useStoryFigures(story.catalog);
  const name = instance.name || localized(instance.item.name) || instance.item.code;
  const live = useLiveRow(instance.id);
  return (
    <TableRow hover data-live-marked={live.marked ? '' : undefined} sx={liveRowSx}>
      <TableCell>
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={() => onOpen(instance)}
          sx={{ fontWeight: 600, textAlign: 'left' }}
        >
          {name}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <CodeText>{instance.item.code}</CodeText>
          {instance.name ? ` · ${localized(instance.item.name)}` : ''}
        </Typography>
        {phone ? (
          <Typography variant="body2" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
            {[
              `${t('list.column.level')} ${instance.level}`,
              instance.errorCount > 0
                ? `${t('list.column.errors')} ${formatCount(instance.errorCount, figures.locale)}`
                : null,
              t('list.mandays', { value: figures.mandays(instance.mandays) }),
            ]
              .filter(Boolean)
              .join(' · ')}
            {instance.price === null ? null : (
              <Box component="strong" sx={{ display: 'block' }}>
                {figures.price(instance.price)}
              </Box>
            )}
          </Typography>
        ) : null}
        <InstanceChips
          instance={instance}
          labelOf={(labelId) => labels.get(labelId)}
          showOptional
        />
        <LiveRowEditors editors={live.editors} />
      </TableCell>
      {phone ? null : (
        <>
          <TableCell align="right">{instance.level}</TableCell>
          <TableCell align="right">
            {instance.errorCount > 0 ? (
              <Chip
                size="small"
                color="error"
                label={formatCount(instance.errorCount, figures.locale)}
              />
            ) : (
              '—'
            )}
          </TableCell>
          <TableCell align="right">
            {t('list.mandays', { value: figures.mandays(instance.mandays) })}
          </TableCell>
          {instance.price === null ? null : (
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              {figures.price(instance.price)}
            </TableCell>
          )}
        </>
      )}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: phone ? 0.5 : 2 }}>
        {canEdit ? (
          <InstanceActions
            name={name}
            canCopy={!story.catalog.deleted}
            onCopy={() => onCopy(instance)}
            onDelete={() => onDelete(instance)}
          />
        ) : null}
      </TableCell>
    </TableRow>
  );
});

function formatCount(value: number, locale: Parameters<typeof Intl.NumberFormat>[0]): string {
  return new Intl.NumberFormat(locale).format(value);
}

interface ItemsProps {
  story: Story;
  catalog: StoryCatalog;
  groupId: number | undefined;
  labelIds: readonly number[];
  editing: Editing;
  setEditing: (editing: Editing) => void;
  /** Rows pasted into the grid from a spreadsheet, to be previewed. */
  onPasteRows: (text: string) => void;
}

function Items({
  story,
  catalog,
  groupId,
  labelIds,
  editing,
  setEditing,
  onPasteRows,
}: ItemsProps) {
  const { t } = useTranslation('instances');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const failureText = useInstanceFailure();
  const localized = useLocalizedText(story.catalog);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const canEdit = storyRoleAllows(story.myRole, 'EDIT_INSTANCES');
  const phone = usePhoneLayout();
  const [searchParams] = useSearchParams();
  const roleId = idParam(searchParams.get(ROLE_PARAM));
  const phaseId = idParam(searchParams.get(PHASE_PARAM));
  const labels = useQuery(getStoryLabelsQueryOptions(story.id));
  const labelMap = new Map((labels.data ?? []).map((label) => [label.id, label]));
  // The label ids arrive as a new array on each render of the route: the key keeps one filter object.
  const labelKey = labelIds.join(',');
  const filters = useMemo(
    () => ({
      groupId,
      labelIds: labelKey === '' ? [] : labelKey.split(',').map(Number),
      roleId,
      phaseId,
      q,
    }),
    [groupId, labelKey, roleId, phaseId, q],
  );
  const filtered =
    groupId !== undefined ||
    labelIds.length > 0 ||
    roleId !== undefined ||
    phaseId !== undefined ||
    q !== '';
  const margins = storyRoleAllows(story.myRole, 'READ_MARGINS');
  const [deltas] = useState(() => new GridDeltas());
  const instances = useInfiniteQuery({
    ...getInstanceListQueryOptions(story.id, filters),
    placeholderData: keepPreviousData,
  });
  useQueryErrorToast(instances, tErrors('load.itemInstances'));
  const mutations = useInstanceMutations(story.id);
  const live = useLiveStore();
  const rows = instances.data?.pages.flatMap((page) => page.items) ?? [];
  const itemOf = new Map(catalog.items.map((item) => [item.id, item]));

  const go = (
    nextGroup: number | undefined,
    nextLabels: readonly number[],
    next: { roleId?: number; phaseId?: number } = { roleId, phaseId },
  ) => {
    const search = new URLSearchParams();
    if (next.roleId !== undefined) search.set(ROLE_PARAM, String(next.roleId));
    if (next.phaseId !== undefined) search.set(PHASE_PARAM, String(next.phaseId));
    const query = search.toString();
    void navigate(
      `${paths.storyItems(story.id, nextGroup, nextLabels)}${query ? `?${query}` : ''}`,
    );
  };
  const toggleLabel = (labelId: number) =>
    go(
      groupId,
      labelIds.includes(labelId) ? labelIds.filter((id) => id !== labelId) : [...labelIds, labelId],
    );
  const open = (instance: Instance) => {
    const item = itemOf.get(instance.itemId);
    if (item) setEditing({ item, instance });
  };
  const copy = (instance: Instance) =>
    mutations.copy.mutate(instance.id, {
      onSuccess: () => toast.success(t('list.copied')),
      onError: (error) => toast.error(failureText(t('list.copyFailed'), error)),
    });
  const remove = (instance: Instance, onDeleted?: () => void) => {
    const name = instance.name || localized(instance.item.name);
    confirm({
      title: t('list.deleteTitle', { name }),
      message: t('list.deleteText'),
      okButtonText: t('list.deleteOk'),
      onOk: () =>
        mutations.remove.mutateAsync(instance.id).then(
          () => {
            onDeleted?.();
            toast.success(t('list.deleted', { name }));
          },
          () => toast.error(t('list.deleteFailed')),
        ),
    });
  };

  return (
    <GridDeltasContext.Provider value={deltas}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
        }}
      >
        <Paper
          variant="outlined"
          component="nav"
          aria-label={t('list.filters')}
          sx={{ p: 1, alignSelf: 'start' }}
        >
          <GroupFilter
            story={story}
            groups={catalog.groups}
            selected={groupId}
            onSelect={(id) => go(id, labelIds)}
          />
          {labels.data && labels.data.length > 0 ? (
            <Box sx={{ p: 1, pt: 2 }}>
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                {t('list.labels')}
              </Typography>
              <Box
                sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}
                role="group"
                aria-label={t('list.labels')}
              >
                {labels.data.map((label) => {
                  const chosen = labelIds.includes(label.id);
                  return (
                    <LabelChip
                      key={label.id}
                      title={label.title}
                      color={chosen ? label.color : '#e0e0e0'}
                      clickable
                      aria-pressed={chosen}
                      onClick={() => toggleLabel(label.id)}
                    />
                  );
                })}
              </Box>
            </Box>
          ) : null}
        </Paper>
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <Box role="search" sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <SearchField
              label={t('list.search')}
              value={search}
              onChange={setSearch}
              sx={{ flexGrow: 1, minWidth: 220 }}
            />
            <IdSelect
              label={t('list.role')}
              all={t('list.allRoles')}
              value={roleId}
              options={catalog.roles.map((role) => ({
                id: role.id,
                name: `${localized(role.name)} (${role.code})`,
              }))}
              onChange={(id) => go(groupId, labelIds, { roleId: id, phaseId })}
            />
            <IdSelect
              label={t('list.phase')}
              all={t('list.allPhases')}
              value={phaseId}
              options={catalog.phases.map((phase) => ({
                id: phase.id,
                name: localized(phase.name),
              }))}
              onChange={(id) => go(groupId, labelIds, { roleId, phaseId: id })}
            />
          </Box>
          <Box sx={{ height: 4 }}>
            {instances.isFetching && !instances.isPending ? (
              <LinearProgress aria-label={t('list.loading')} />
            ) : null}
          </Box>
          {canEdit && !phone ? (
            <ItemsGrid
              story={story}
              catalog={catalog}
              filters={filters}
              rows={rows}
              pending={instances.isPending}
              labels={labels.data ?? NO_LABELS}
              margins={margins}
              canAdd={!story.catalog.deleted}
              onOpen={open}
              onCreateInEditor={(item) => setEditing({ item })}
              onCopy={copy}
              onDelete={remove}
              onPasteRows={onPasteRows}
            />
          ) : (
            <TableContainer>
              <Table
                aria-label={t('title')}
                sx={{ tableLayout: 'fixed', minWidth: phone ? 0 : 720 }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: phone ? 'auto' : '44%' }}>
                      {t('list.column.instance')}
                    </TableCell>
                    {phone ? null : (
                      <>
                        <TableCell sx={{ width: '8%' }} align="right">
                          {t('list.column.level')}
                        </TableCell>
                        <TableCell sx={{ width: '9%' }} align="right">
                          {t('list.column.errors')}
                        </TableCell>
                        <TableCell sx={{ width: '12%' }} align="right">
                          {t('list.column.time')}
                        </TableCell>
                        {margins ? (
                          <TableCell sx={{ width: '15%' }} align="right">
                            {t('list.column.price')}
                          </TableCell>
                        ) : null}
                      </>
                    )}
                    <InstanceActionsHeader width={phone ? 88 : '12%'} />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {instances.isPending ? (
                    <TableSkeletonRows columns={phone ? 2 : COLUMN_COUNT} />
                  ) : (
                    rows.map((instance) => (
                      <InstanceRow
                        key={instance.id}
                        story={story}
                        instance={instance}
                        labels={labelMap}
                        canEdit={canEdit}
                        phone={phone}
                        onOpen={open}
                        onCopy={copy}
                        onDelete={remove}
                      />
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {instances.isError && rows.length === 0 ? (
            <LoadFailed
              title={tErrors('load.itemInstances')}
              text={t('list.loadFailedText')}
              retry={tCommon('actions.retry')}
              onRetry={() => void instances.refetch()}
            />
          ) : !instances.isPending && rows.length === 0 ? (
            filtered ? (
              <EmptyState
                icon={<SearchIcon />}
                title={t('list.noMatchTitle')}
                text={t('list.noMatchText')}
                action={
                  <Button
                    onClick={() => {
                      setSearch('');
                      go(undefined, [], {});
                    }}
                  >
                    {t('list.clearFilters')}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<ListAltOutlinedIcon />}
                title={t('list.emptyTitle')}
                text={t('list.emptyText')}
              />
            )
          ) : null}
          <LoadMoreButton query={instances} label={t('list.loadMore')} />
          <ItemsTotalsBar story={story} filters={filters} filtered={filtered} margins={margins} />
        </Paper>
        {editing ? (
          <Suspense fallback={null}>
            <instanceEditor.Component
              key={editing.instance?.id ?? `new-${editing.item.id}`}
              story={story}
              catalog={catalog}
              item={editing.item}
              instance={editing.instance}
              labels={labels.data ?? NO_LABELS}
              readOnly={!canEdit}
              live={live}
              onClose={() => setEditing(null)}
            />
          </Suspense>
        ) : null}
      </Box>
    </GridDeltasContext.Provider>
  );
}

/** One empty list while the labels load, so the rows' memo holds. */
const NO_LABELS: readonly StoryLabel[] = [];

/** Role and phase filters travel in the URL's query (?roleId=5&phaseId=3), like group and labels in its path. */
const ROLE_PARAM = 'roleId';
const PHASE_PARAM = 'phaseId';

/** A filter id from the URL; anything but a canonical id means no filter. */
function idParam(value: string | null): number | undefined {
  const parsed = idTextSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A select of one role or phase, or all of them. */
function IdSelect(props: {
  label: string;
  all: string;
  value: number | undefined;
  options: readonly { id: number; name: string }[];
  onChange: (id: number | undefined) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => {
        const raw = event.target.value as number | '';
        props.onChange(raw === '' ? undefined : Number(raw));
      }}
      slotProps={NAMED_EMPTY_CHOICE}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{props.all}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A failed load in place of the list, with the spec's text and a way to try again. */
function LoadFailed(props: { title: string; text: string; retry: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={<ErrorOutlineIcon />}
      title={props.title}
      text={props.text}
      action={<Button onClick={props.onRetry}>{props.retry}</Button>}
    />
  );
}

export function StoryItemsPage({ storyId, groupId, itemsLabels }: StoryItemsParams) {
  const { t } = useTranslation('instances');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const catalog = useQuery(getStoryCatalogQueryOptions(storyId));
  // Read here, not only inside the frame's render callbacks: the query re-renders this page for
  // the properties read during its render, and the callbacks must not keep a stale catalog.
  const catalogData = catalog.data;
  useQueryErrorToast(catalog, tErrors('load.catalogItems'));
  const [adding, setAdding] = useState(false);
  const [editing, setEditingNow] = useState<Editing>(null);
  const [pasting, setPastingNow] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const openImport = useOpenAfterLoad(importDialog, setImporting);
  const openAdd = useOpenAfterLoad(addDialog, setAdding);
  const openEditor = useOpenAfterLoad(instanceEditor, setEditingNow);
  const openPaste = useOpenAfterLoad(pasteDialog, setPastingNow);
  const setEditing = useCallback(
    (next: Editing) => (next ? openEditor(next) : setEditingNow(null)),
    [openEditor],
  );
  const setPasting = useCallback(
    (next: string | null) => (next === null ? setPastingNow(null) : openPaste(next)),
    [openPaste],
  );
  useEffect(
    () =>
      whenIdle(() => {
        // A failed download is tried again, and said, when the form is opened.
        instanceEditor.preload().catch(() => undefined);
        pasteDialog.preload().catch(() => undefined);
        importDialog.preload().catch(() => undefined);
        addDialog.preload().catch(() => undefined);
      }),
    [],
  );
  const phone = usePhoneLayout();
  return (
    <StoryFrame
      storyId={storyId}
      title={t('title')}
      actions={(story) =>
        storyRoleAllows(story.myRole, 'EDIT_INSTANCES') && !story.catalog.deleted ? (
          <>
            {phone ? null : (
              <Button
                variant="outlined"
                startIcon={<ContentPasteIcon />}
                disabled={!catalogData}
                onClick={() => setPasting('')}
              >
                {t('paste.open')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              disabled={!catalogData}
              onClick={() => openImport(true)}
            >
              {t('sheetImport.open')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={!catalogData}
              onClick={() => openAdd(true)}
            >
              {t('list.add')}
            </Button>
          </>
        ) : null
      }
    >
      {(story) =>
        catalogData ? (
          <>
            <Items
              story={story}
              catalog={catalogData}
              groupId={groupId}
              labelIds={itemsLabels}
              editing={editing}
              setEditing={setEditing}
              onPasteRows={setPasting}
            />
            {pasting === null ? null : (
              <Suspense fallback={null}>
                <pasteDialog.Component
                  story={story}
                  catalog={catalogData}
                  initialText={pasting}
                  margins={storyRoleAllows(story.myRole, 'READ_MARGINS')}
                  onClose={() => setPasting(null)}
                />
              </Suspense>
            )}
            {importing ? (
              <Suspense fallback={null}>
                <importDialog.Component story={story} onClose={() => setImporting(false)} />
              </Suspense>
            ) : null}
            {adding ? (
              <Suspense fallback={null}>
                <addDialog.Component
                  story={story}
                  catalog={catalogData}
                  groupId={groupId}
                  onClose={() => setAdding(false)}
                  onChoose={(item) => {
                    setAdding(false);
                    setEditing({ item });
                  }}
                />
              </Suspense>
            ) : null}
          </>
        ) : catalog.isError ? (
          <LoadFailed
            title={tErrors('load.catalogItems')}
            text={t('list.loadFailedText')}
            retry={tCommon('actions.retry')}
            onRetry={() => void catalog.refetch()}
          />
        ) : (
          <LinearProgress aria-label={t('list.loading')} />
        )
      }
    </StoryFrame>
  );
}
