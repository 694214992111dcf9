// A long table keeps only the rows near the viewport in the document, with the others' place kept; a short one renders every row.
import { render, screen } from '@testing-library/react';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VIRTUAL_ROWS_FROM, VirtualTableBody } from './virtual-table-body';

function renderTable(count: number) {
  const rows = Array.from({ length: count }, (_, index) => `Row ${index + 1}`);
  return render(
    <Table>
      <VirtualTableBody
        rows={rows}
        columns={2}
        rowHeight={50}
        renderRow={(row) => (
          <TableRow key={row}>
            <TableCell>{row}</TableCell>
            <TableCell>1</TableCell>
          </TableRow>
        )}
      />
    </Table>,
  );
}

describe('VirtualTableBody', () => {
  // jsdom has no scrolling; the virtualizer asks for it when it starts.
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('renders every row of a short table', () => {
    renderTable(VIRTUAL_ROWS_FROM - 1);
    expect(screen.getAllByRole('row')).toHaveLength(VIRTUAL_ROWS_FROM - 1);
  });

  it('renders the first rows of a long table and keeps the place of the rest', () => {
    const { container } = renderTable(10_000);
    expect(screen.getByText('Row 1')).toBeInTheDocument();
    expect(screen.queryByText('Row 10000')).not.toBeInTheDocument();
    const rendered = screen.getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
    // The rows not rendered are one spacer of their height, hidden from assistive technology.
    const spacers = container.querySelectorAll('tr[aria-hidden="true"]');
    expect(spacers).toHaveLength(1);
    const height = getComputedStyle(spacers[0] as Element).height;
    expect(Number.parseFloat(height)).toBeGreaterThan(9_000 * 50);
  });
});
