// A report's long table: it scrolls inside its own frame (a focusable, named region) so the buttons below it stay near.
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';

/** A long list scrolls inside this height, so the buttons below it stay near. */
const LIST_MAX_HEIGHT = 420;

export function ScrollingTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <TableContainer
      role="region"
      tabIndex={0}
      aria-label={label}
      sx={{ maxHeight: LIST_MAX_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader aria-label={label} sx={{ minWidth }}>
        {children}
      </Table>
    </TableContainer>
  );
}
