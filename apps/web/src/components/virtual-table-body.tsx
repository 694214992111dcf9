// A table body that, once it has many rows, renders only those near the viewport (the window scrolls): a 10,000-instance summary keeps a few dozen rows in the document instead of 10,000.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/**
 * Below this many rows every row is rendered: the browser's find and a screen reader's table
 * navigation then reach them all, and the cost is small.
 */
export const VIRTUAL_ROWS_FROM = 200;

/** Rows rendered beyond each edge of the viewport, so that a quick scroll shows no gap. */
const OVERSCAN = 15;

export interface VirtualTableBodyProps<T> {
  rows: readonly T[];
  /** Columns of the table, for the rows that keep the place of those not rendered. */
  columns: number;
  /** A row's height in px: the rows not rendered are counted at this height. */
  rowHeight: number;
  renderRow: (row: T, index: number) => ReactNode;
}

/** A row that stands for `height` px of rows not rendered. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <TableRow aria-hidden sx={{ height }}>
      <TableCell colSpan={columns} sx={{ p: 0, border: 0 }} />
    </TableRow>
  );
}

function VirtualRows<T>({ rows, columns, rowHeight, renderRow }: VirtualTableBodyProps<T>) {
  const body = useRef<HTMLTableSectionElement>(null);
  // Where the body starts on the page: the virtualizer counts rows from there. Read again
  // whenever the page changes size, since what stands above the table may have grown or shrunk.
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = (body.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setOffset((previous) => (Math.abs(top - previous) >= 1 ? top : previous));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin: offset,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - offset : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - offset) : 0;
  return (
    <TableBody ref={body}>
      <Spacer height={before} columns={columns} />
      {items.map((item) => {
        const row = rows[item.index];
        return row === undefined ? null : renderRow(row, item.index);
      })}
      <Spacer height={after} columns={columns} />
    </TableBody>
  );
}

/** The table's body: every row when there are few, the rows near the viewport when there are many. */
export function VirtualTableBody<T>(props: VirtualTableBodyProps<T>) {
  if (props.rows.length < VIRTUAL_ROWS_FROM) {
    return <TableBody>{props.rows.map((row, index) => props.renderRow(row, index))}</TableBody>;
  }
  return <VirtualRows {...props} />;
}
