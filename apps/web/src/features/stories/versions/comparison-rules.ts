// Pure rules of the version comparison page: whether two sides differ at all, and which way a difference points.
import type { StoryVersionComparison } from '@costory/shared';

interface Figures {
  price: string | null;
  mandays: number;
}

/** -1, 0 or 1: the sign of a difference (money arrives as exact decimal text). */
export function signOf(value: string | number): -1 | 0 | 1 {
  const number = Number(value);
  return number > 0 ? 1 : number < 0 ? -1 : 0;
}

function moved(difference: Figures): boolean {
  return (
    signOf(difference.mandays) !== 0 ||
    (difference.price !== null && signOf(difference.price) !== 0)
  );
}

/**
 * Whether the comparison has anything to show: an instance added, removed or changed, a role
 * whose price or unit changed, or any figure that moved. The same side twice has none.
 */
export function hasDifferences(comparison: StoryVersionComparison): boolean {
  const { instances } = comparison;
  return (
    instances.added.length > 0 ||
    instances.removed.length > 0 ||
    instances.changed.length > 0 ||
    moved(comparison.total.difference) ||
    moved(comparison.optional.difference) ||
    comparison.byRole.some((role) => role.reasons.length > 0 || moved(role.difference)) ||
    comparison.byPhase.some((phase) => moved(phase.difference))
  );
}
