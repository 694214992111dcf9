// The group hierarchy built from the flat list (parentId): the tree, a flattened order for pickers and descendants.
import type { Group } from '@costory/shared';

export interface GroupNode {
  group: Group;
  depth: number;
  children: GroupNode[];
}

/** Roots first, children under their parent; a group whose parent is missing counts as a root. */
export function buildGroupTree(
  groups: readonly Group[],
  sortKey: (group: Group) => string,
): GroupNode[] {
  const ids = new Set(groups.map((group) => group.id));
  const byParent = new Map<number | null, Group[]>();
  for (const group of groups) {
    const parent = group.parentId !== null && ids.has(group.parentId) ? group.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), group]);
  }
  const build = (parent: number | null, depth: number, seen: ReadonlySet<number>): GroupNode[] =>
    (byParent.get(parent) ?? [])
      .filter((group) => !seen.has(group.id))
      .toSorted((a, b) => sortKey(a).localeCompare(sortKey(b)))
      .map((group) => ({
        group,
        depth,
        // `seen` guards against a cycle in bad data, which would otherwise never end.
        children: build(group.id, depth + 1, new Set([...seen, group.id])),
      }));
  return build(null, 0, new Set());
}

/** Every node in display order (depth-first), for selects that show the hierarchy by indentation. */
export function flattenGroupTree(nodes: readonly GroupNode[]): GroupNode[] {
  return nodes.flatMap((node) => [node, ...flattenGroupTree(node.children)]);
}

/** The group and everything below it: the places a group cannot be moved to. */
export function groupWithDescendants(groups: readonly Group[], groupId: number): Set<number> {
  const result = new Set([groupId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.parentId !== null && result.has(group.parentId) && !result.has(group.id)) {
        result.add(group.id);
        grew = true;
      }
    }
  }
  return result;
}
