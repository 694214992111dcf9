// What the grid's unsaved typing changes in the totals: each row reports how far its draft is from what the server has, the totals bar adds it up; rows and bar re-render alone, not the whole grid.
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface RowDelta {
  /** Draft minus saved, counted as the story counts it (an optional instance adds nothing). */
  price: number;
  mandays: number;
  /** The row's draft has a value to fix or fill in, or a formula that cannot be calculated. */
  incomplete: boolean;
}

export interface GridDelta {
  price: number;
  mandays: number;
  /** Rows whose total is not known while they are being typed. */
  incompleteRows: number;
}

const NONE: GridDelta = { price: 0, mandays: 0, incompleteRows: 0 };

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
    if (neutral ? before === undefined : sameDelta(before, delta)) return;
    if (neutral) this.rows.delete(key);
    else this.rows.set(key, delta);
    let price = 0;
    let mandays = 0;
    let incompleteRows = 0;
    for (const row of this.rows.values()) {
      price += row.price;
      mandays += row.mandays;
      if (row.incomplete) incompleteRows += 1;
    }
    this.sum = { price, mandays, incompleteRows };
    for (const listener of this.listeners) listener();
  }
}

function sameDelta(a: RowDelta | undefined, b: RowDelta): boolean {
  return (
    a !== undefined &&
    a.price === b.price &&
    a.mandays === b.mandays &&
    a.incomplete === b.incomplete
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
