// What the grid's unsaved typing changes in the totals: each row reports how far its draft is from what the server has, the totals bar adds it up; rows and bar re-render alone, not the whole grid.
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface RowDelta {
  /** Draft minus saved, counted as the story counts it (an optional instance adds nothing). */
  price: number;
  mandays: number;
  /** The row's draft has a value to fix or fill in, or a formula that cannot be calculated. */
  incomplete: boolean;
  /** The row is one the filters list: it moves the filtered subtotal as well as the story's. */
  inFilter: boolean;
}

export interface GridDelta {
  /** What the rows move the story's total by. */
  price: number;
  mandays: number;
  /** What the rows the filters list move the filtered subtotal by. */
  filteredPrice: number;
  filteredMandays: number;
  /** Rows whose total is not known while they are being typed. */
  incompleteRows: number;
}

const NONE: GridDelta = {
  price: 0,
  mandays: 0,
  filteredPrice: 0,
  filteredMandays: 0,
  incompleteRows: 0,
};

export class GridDeltas {
  private readonly rows = new Map<string, RowDelta>();
  private readonly listeners = new Set<() => void>();
  private sum: GridDelta = NONE;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): GridDelta => this.sum;

  /** A row's delta; an untouched row (nothing to add, complete) is forgotten. */
  report(key: string, delta: RowDelta): void {
    const before = this.rows.get(key);
    const neutral = delta.price === 0 && delta.mandays === 0 && !delta.incomplete;
    if (neutral) return this.forget(key);
    if (sameDelta(before, delta)) return;
    this.rows.set(key, delta);
    this.changed();
  }

  /** A row that left the grid. */
  forget(key: string): void {
    if (this.rows.delete(key)) this.changed();
  }

  private changed(): void {
    const sum = { ...NONE };
    for (const row of this.rows.values()) {
      sum.price += row.price;
      sum.mandays += row.mandays;
      if (row.inFilter) {
        sum.filteredPrice += row.price;
        sum.filteredMandays += row.mandays;
      }
      if (row.incomplete) sum.incompleteRows += 1;
    }
    this.sum = sum;
    for (const listener of this.listeners) listener();
  }
}

function sameDelta(a: RowDelta | undefined, b: RowDelta): boolean {
  return (
    a !== undefined &&
    a.price === b.price &&
    a.mandays === b.mandays &&
    a.incomplete === b.incomplete &&
    a.inFilter === b.inFilter
  );
}

export const GridDeltasContext = createContext<GridDeltas | null>(null);

export function useGridDeltas(): GridDeltas {
  const deltas = useContext(GridDeltasContext);
  if (!deltas) throw new Error('useGridDeltas outside GridDeltasContext');
  return deltas;
}

/** The sum of the rows' deltas; re-renders its reader only when the sum changes. */
export function useGridDelta(): GridDelta {
  const deltas = useGridDeltas();
  return useSyncExternalStore(deltas.subscribe, deltas.snapshot);
}
