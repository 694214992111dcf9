// The story's instances as an editable grid (members who edit instances, on a wide screen): a row per instance with its cells, the spreadsheet's keys, and a last row that adds an instance.
import { useCallback, useMemo, useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StoryModel } from '@costory/calc';
import { useTranslation } from 'react-i18next';
import type { Instance, Story, StoryCatalog, StoryCatalogItem, StoryLabel } from '@costory/shared';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { singleItemModel } from '../instances/calc-model';
import type { InstanceListFilters } from '../api/query-keys';
import { InstanceActionsHeader } from '../instances/instance-actions';
import { GridAddRow } from './grid-add-row';
import { useGridCache } from './grid-cache';
import { handleGridKey } from './grid-keys';
import { GridRow } from './grid-row';
import { gridCellStyles } from './grid-styles';

export interface ItemsGridProps {
  story: Story;
  catalog: StoryCatalog;
  filters: InstanceListFilters;
  rows: readonly Instance[];
  pending: boolean;
  labels: readonly StoryLabel[];
  margins: boolean;
  /** A new instance can be added (the catalog is not deleted). */
  canAdd: boolean;
  onOpen: (instance: Instance) => void;
  onCreateInEditor: (item: StoryCatalogItem) => void;
  onCopy: (instance: Instance) => void;
  onDelete: (instance: Instance, onDeleted: () => void) => void;
  /** Several cells were pasted (a spreadsheet's rows): they are previewed as new instances. */
  onPasteRows: (text: string) => void;
}

export function ItemsGrid(props: ItemsGridProps) {
  const { story, catalog, rows, labels, margins } = props;
  const { t } = useTranslation('instances');
  const cache = useGridCache(story.id, props.filters);
  // Rows added here stay below the loaded pages (the server lists them last) until a reload has them.
  const [added, setAdded] = useState<readonly Instance[]>([]);
  // Rows added under one set of filters are not carried to the next (the list shows them if they match).
  const [addedFor, setAddedFor] = useState(props.filters);
  if (addedFor !== props.filters) {
    setAddedFor(props.filters);
    setAdded([]);
  }
  const [focusId, setFocusId] = useState<number | null>(null);
  const itemOf = useMemo(() => new Map(catalog.items.map((item) => [item.id, item])), [catalog]);
  const models = useMemo(() => {
    const byItem = new Map<number, StoryModel>();
    for (const item of catalog.items) byItem.set(item.id, singleItemModel(catalog, item));
    return byItem;
  }, [catalog]);
  const listed = new Set(rows.map((row) => row.id));
  const shown = [...rows, ...added.filter((row) => !listed.has(row.id))];
  // A row added here is in the page's group; whether it also has the labels, role, phase or words the
  // filters ask for, only the server's list can say.
  const addedInFilter =
    props.filters.labelIds.length === 0 &&
    props.filters.roleId === undefined &&
    props.filters.phaseId === undefined &&
    props.filters.q === '';
  const columns = margins ? 5 : 4;
  const { onDelete } = props;
  const remove = useCallback(
    (instance: Instance) =>
      onDelete(instance, () =>
        setAdded((before) => before.filter((row) => row.id !== instance.id)),
      ),
    [onDelete],
  );

  return (
    <TableContainer
      sx={gridCellStyles}
      onKeyDown={handleGridKey}
      onPaste={(event) => {
        if (!props.canAdd) return;
        const text = event.clipboardData.getData('text/plain');
        if (!/[\t\n]/.test(text.trim())) return;
        event.preventDefault();
        props.onPasteRows(text);
      }}
    >
      <Table aria-label={t('title')} sx={{ tableLayout: 'fixed', minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '20%' }}>{t('list.column.instance')}</TableCell>
            <TableCell>{t('grid.values')}</TableCell>
            <TableCell sx={{ width: '11%', px: 1 }} align="right">
              {t('list.column.time')}
            </TableCell>
            {margins ? (
              <TableCell sx={{ width: '17%', px: 1 }} align="right">
                {t('list.column.price')}
              </TableCell>
            ) : null}
            <InstanceActionsHeader width={88} />
          </TableRow>
        </TableHead>
        <TableBody>
          {props.pending ? (
            <TableSkeletonRows columns={columns} />
          ) : (
            shown.map((instance) => {
              const item = itemOf.get(instance.itemId);
              const model = models.get(instance.itemId);
              return item && model ? (
                <GridRow
                  key={instance.id}
                  story={story}
                  item={item}
                  model={model}
                  instance={instance}
                  labels={labels}
                  margins={margins}
                  autoFocus={instance.id === focusId}
                  inFilter={listed.has(instance.id) || addedInFilter}
                  onOpen={props.onOpen}
                  onCopy={props.onCopy}
                  onDelete={remove}
                  onSaved={cache.saved}
                />
              ) : null;
            })
          )}
          {props.canAdd && !props.pending ? (
            <GridAddRow
              story={story}
              catalog={catalog}
              groupId={props.filters.groupId}
              columns={columns}
              onNeedsEditor={props.onCreateInEditor}
              onAdded={(instance) => {
                cache.added(instance, addedInFilter);
                setAdded((before) => [...before, instance]);
                setFocusId(instance.id);
              }}
            />
          ) : null}
        </TableBody>
      </Table>
      <datalist id={`${story.id}-grid-labels`}>
        {labels.map((label) => (
          <option key={label.id} value={label.title} />
        ))}
      </datalist>
    </TableContainer>
  );
}
