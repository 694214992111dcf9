// Rows grouped by a key, in their order (Map.groupBy arrives only with Node 21).
export function groupBy<T, K>(rows: Iterable<T>, keyOfRow: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOfRow(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
