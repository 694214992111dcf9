// The list of one kind of catalog structure (phases, roles, labels): heading with the add button,
// a fixed-layout table with skeleton rows while loading, edit/delete per row and an empty state.
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { RowActions } from './row-actions';
import { SectionHeader } from './section-header';
import { TableSkeletonRows } from './table-skeleton-rows';

export interface StructureColumn<T> {
  key: string;
  header: string;
  /** Leave one column without a width: it takes the rest. */
  width?: string | number;
  align?: 'right';
  cellSx?: SxProps<Theme>;
  render: (row: T) => ReactNode;
}

export interface StructureTableProps<T extends { id: number }> {
  title: string;
  intro: string;
  addLabel: string;
  rows: readonly T[] | undefined;
  isPending: boolean;
  isSuccess: boolean;
  columns: readonly StructureColumn<T>[];
  /** The row's name as the user reads it (names the row's buttons). */
  rowName: (row: T) => string;
  canManage: boolean;
  minWidth?: number;
  empty: { icon: ReactNode; title: string; text: string };
  onAdd: () => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

export function StructureTable<T extends { id: number }>(props: StructureTableProps<T>) {
  const { t } = useTranslation('catalogs');
  const { columns, canManage } = props;
  const rows = props.rows ?? [];
  const addButton = canManage ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
      {props.addLabel}
    </Button>
  ) : undefined;

  return (
    <>
      <SectionHeader title={props.title} text={props.intro} action={addButton} />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={props.title} sx={{ tableLayout: 'fixed', minWidth: props.minWidth }}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.key} sx={{ width: column.width }} align={column.align}>
                    {column.header}
                  </TableCell>
                ))}
                {canManage ? (
                  <TableCell sx={{ width: 112 }} align="right">
                    {t('fields.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.isPending ? (
                <TableSkeletonRows columns={columns.length + (canManage ? 1 : 0)} />
              ) : null}
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align} sx={column.cellSx}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {canManage ? (
                    <TableCell align="right">
                      <RowActions
                        name={props.rowName(row)}
                        onEdit={() => props.onEdit(row)}
                        onDelete={() => props.onDelete(row)}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {props.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={props.empty.icon}
            title={props.empty.title}
            text={props.empty.text}
            action={addButton}
          />
        ) : null}
      </Paper>
    </>
  );
}
