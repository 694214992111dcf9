// Moving between the items grid's cells as in a spreadsheet: Enter and the up/down arrows to the same column of the next or previous row, left/right arrows past the ends of the text to the neighbouring cell.
import type { KeyboardEvent } from 'react';

/** Marks an editable cell's control; its value names the column (an attribute code, "level", …). */
export const CELL_ATTRIBUTE = 'data-cell';
/** The column of the row that adds an instance: its picker keeps its own keys (arrows choose an item). */
export const ADD_COLUMN = 'add';
/** Marks a grid row (the rows' order is the DOM's). */
export const ROW_ATTRIBUTE = 'data-grid-row';

type Control = HTMLInputElement | HTMLSelectElement;

function cellsOf(row: Element): Control[] {
  return [...row.querySelectorAll<Control>(`[${CELL_ATTRIBUTE}]`)];
}

/** The cell of `row` in the column `column` or, when the row's item has no such column, at the same position. */
function matchingCell(row: Element, column: string, position: number): Control | undefined {
  const cells = cellsOf(row);
  return (
    cells.find((cell) => cell.getAttribute(CELL_ATTRIBUTE) === column) ??
    cells[Math.min(position, cells.length - 1)]
  );
}

function rowAround(row: Element, step: 1 | -1): Element | undefined {
  const rows = [...(row.parentElement?.querySelectorAll(`[${ROW_ATTRIBUTE}]`) ?? [])];
  return rows[rows.indexOf(row) + step];
}

/** The caret is at the start (or the end) of the text, or the control has no text to move in. */
function caretAt(control: Control, end: boolean): boolean {
  if (!(control instanceof HTMLInputElement) || control.type === 'checkbox') return true;
  const { selectionStart, selectionEnd, value } = control;
  if (selectionStart === null || selectionEnd === null || selectionStart !== selectionEnd) {
    return false;
  }
  return end ? selectionEnd === value.length : selectionStart === 0;
}

function focusCell(cell: Control | undefined): boolean {
  if (!cell) return false;
  cell.focus();
  if (cell instanceof HTMLInputElement && cell.type !== 'checkbox') cell.select();
  return true;
}

/** The grid's keydown handler (one for all cells); keys it does not move with are left to the control. */
export function handleGridKey(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
  const control = event.target as Element;
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) return;
  const column = control.getAttribute(CELL_ATTRIBUTE);
  const row = control.closest(`[${ROW_ATTRIBUTE}]`);
  if (column === null || column === ADD_COLUMN || !row) return;
  // A field with suggestions (the labels) keeps the up and down arrows for them.
  const suggests = control instanceof HTMLInputElement && control.list !== null;
  if (suggests && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) return;
  const cells = cellsOf(row);
  const position = cells.indexOf(control);
  const vertical = (step: 1 | -1) => {
    const next = rowAround(row, step);
    return next ? focusCell(matchingCell(next, column, position)) : false;
  };
  let moved = false;
  switch (event.key) {
    case 'Enter':
      moved = vertical(event.shiftKey ? -1 : 1);
      break;
    case 'ArrowDown':
      moved = vertical(1);
      break;
    case 'ArrowUp':
      moved = vertical(-1);
      break;
    case 'ArrowRight':
      moved = caretAt(control, true) && focusCell(cells[position + 1]);
      break;
    case 'ArrowLeft':
      moved = caretAt(control, false) && focusCell(cells[position - 1]);
      break;
    default:
      return;
  }
  // A select would also change its value with the arrow; Enter on the last row stays put.
  if (moved || event.key === 'ArrowDown' || event.key === 'ArrowUp') event.preventDefault();
}
