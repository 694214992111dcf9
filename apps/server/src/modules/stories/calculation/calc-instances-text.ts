// A story's instances as the calculation reads them, from the one JSON text the database answers: parsed where the calculation runs (the calculation worker, or the main thread for the other readers).
import type { CalcInstance } from '@costory/calc';

/** A stored instance with its cached figures, as the calculation reads it. */
export interface StoredCalcInstance extends CalcInstance {
  readonly price: string;
  readonly mandays: string;
  readonly errorCount: number;
}

/** One instance as the database's aggregate spells it: [id, itemId, level, values, optional, labelIds, price, mandays, errorCount]. */
type InstanceTuple = [
  number,
  number,
  number,
  StoredCalcInstance['values'],
  boolean,
  number[],
  string,
  string,
  number,
];

/** The instances of a text made by `loadCalcInstancesText`, in id order. */
export function parseCalcInstances(text: string): StoredCalcInstance[] {
  const tuples = JSON.parse(text) as InstanceTuple[];
  return tuples.map(
    ([id, itemId, level, values, optional, labelIds, price, mandays, errorCount]) => ({
      id,
      itemId,
      level,
      values,
      optional,
      labelIds,
      price,
      mandays,
      errorCount,
    }),
  );
}
