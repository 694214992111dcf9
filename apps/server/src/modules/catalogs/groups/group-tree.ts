// Pure helpers over a catalog's group tree: descendants (for the item filter and move checks) and item counts including sub-groups.

interface TreeNode {
  id: number;
  parentId: number | null;
}

/** `rootId` and every group below it. */
export function subtreeIds(groups: readonly TreeNode[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const group of groups) {
    if (group.parentId === null) continue;
    const siblings = children.get(group.parentId) ?? [];
    siblings.push(group.id);
    children.set(group.parentId, siblings);
  }
  const found = new Set<number>([rootId]);
  const queue = [rootId];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Items of each group together with those of all its sub-groups. */
export function countsWithSubgroups(
  groups: readonly TreeNode[],
  direct: ReadonlyMap<number, number>,
): Map<number, number> {
  const totals = new Map<number, number>();
  for (const group of groups) {
    let total = 0;
    for (const id of subtreeIds(groups, group.id)) total += direct.get(id) ?? 0;
    totals.set(group.id, total);
  }
  return totals;
}
