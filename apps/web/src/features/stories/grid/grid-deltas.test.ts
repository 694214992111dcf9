// The grid's unsaved typing in the totals: the story's total takes every row, the filtered subtotal only the rows the filters list.
import { describe, expect, it } from 'vitest';
import { GridDeltas } from './grid-deltas';

describe('grid deltas', () => {
  it('moves the filtered subtotal only by rows the filters list, the story total by all', () => {
    const deltas = new GridDeltas();
    deltas.report('1', { price: 100, mandays: 1, incomplete: false, inFilter: true });
    // A row just added under a label filter: it has no label yet.
    deltas.report('2', { price: 50, mandays: 0.5, incomplete: false, inFilter: false });
    expect(deltas.snapshot()).toEqual({
      price: 150,
      mandays: 1.5,
      filteredPrice: 100,
      filteredMandays: 1,
      incompleteRows: 0,
    });
  });

  it('forgets a row that is back to what is saved or has left the grid, and tells its readers', () => {
    const deltas = new GridDeltas();
    let told = 0;
    deltas.subscribe(() => (told += 1));
    deltas.report('1', { price: 0, mandays: 0, incomplete: true, inFilter: true });
    deltas.report('2', { price: 10, mandays: 0, incomplete: false, inFilter: true });
    expect(deltas.snapshot().incompleteRows).toBe(1);
    deltas.report('1', { price: 0, mandays: 0, incomplete: false, inFilter: true });
    deltas.forget('2');
    deltas.forget('2');
    expect(deltas.snapshot()).toMatchObject({ price: 0, incompleteRows: 0 });
    expect(told).toBe(4);
  });
});
