// Pure shaping of a story calculation into the summaries' rows: by role, phase, catalog group (a tree) and instance.
import type {
  LocalizedText,
  StoryCalculationDto,
  StoryCatalog,
  UnitOfMeasure,
} from '@costory/shared';

type Calculation = StoryCalculationDto;
type Localize = (text: LocalizedText | null | undefined) => string;

export interface FigureRow {
  key: string;
  name: string;
  /** Money (or score) as the API's decimal string; null for a customer (decision 0033). */
  price: string | null;
  mandays: number;
  /** Part of the table's total price, 0..1; null when that total is zero. */
  share: number | null;
}

export interface RoleRow extends FigureRow {
  code: string;
  unit: UnitOfMeasure;
  amount: number;
  unitPrice: string | null;
}

export interface GroupNode extends FigureRow {
  code: string;
  depth: number;
  children: GroupNode[];
}

export interface InstanceRow extends FigureRow {
  instanceId: number;
  optional: boolean;
  errorCount: number;
}

/** A share of a total; both are decimal strings, and a display percentage may use floats. */
export function shareOf(price: string | null, total: string | null): number | null {
  if (price === null || total === null) return null;
  const whole = Number(total);
  return whole === 0 ? null : Number(price) / whole;
}

export function roleRows(calculation: Calculation, catalog: StoryCatalog, localize: Localize) {
  const roles = new Map(catalog.roles.map((role) => [role.id, role]));
  return calculation.byRole.map((entry): RoleRow => {
    const role = roles.get(entry.roleId);
    return {
      key: `role-${entry.roleId}`,
      name: (role && localize(role.name)) || role?.code || `#${entry.roleId}`,
      code: role?.code ?? '',
      unit: role?.unit ?? 'UNIT',
      amount: entry.amount,
      unitPrice: entry.unitPrice,
      price: entry.price,
      mandays: entry.mandays,
      share: shareOf(entry.price, calculation.total.price),
    };
  });
}

/** Phases in the catalog's order; instances of items without a phase last. */
export function phaseRows(
  calculation: Calculation,
  catalog: StoryCatalog,
  localize: Localize,
  withoutPhase: string,
): FigureRow[] {
  const position = new Map(catalog.phases.map((phase) => [phase.id, phase.position]));
  const phases = new Map(catalog.phases.map((phase) => [phase.id, phase]));
  return calculation.byPhase
    .toSorted((a, b) => rank(a.phaseId, position) - rank(b.phaseId, position))
    .map((entry) => {
      const phase = entry.phaseId === null ? undefined : phases.get(entry.phaseId);
      return {
        key: `phase-${entry.phaseId ?? 'none'}`,
        name:
          entry.phaseId === null
            ? withoutPhase
            : (phase && localize(phase.name)) || phase?.code || `#${entry.phaseId}`,
        price: entry.price,
        mandays: entry.mandays,
        share: shareOf(entry.price, calculation.total.price),
      };
    });
}

function rank(id: number | null, position: ReadonlyMap<number, number>): number {
  return id === null ? Number.POSITIVE_INFINITY : (position.get(id) ?? Number.MAX_SAFE_INTEGER);
}

/**
 * The catalog's group tree cut down to groups with instances. The calculation already totals a
 * group with its sub-groups (`byGroup` is flat but each entry is a subtotal), so a node's figures
 * are its own entry; the tree only gives them their place. Items without a group come last.
 */
export function groupTree(
  calculation: Calculation,
  catalog: StoryCatalog,
  localize: Localize,
  withoutGroup: string,
): GroupNode[] {
  const totals = new Map(calculation.byGroup.map((entry) => [entry.groupId, entry]));
  const children = new Map<number | null, StoryCatalog['groups']>();
  for (const group of catalog.groups) {
    if (!totals.has(group.id)) continue;
    // A group whose parent has no totals (should not happen) is shown at the top rather than lost.
    const parent = group.parentId !== null && totals.has(group.parentId) ? group.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const build = (parentId: number | null, depth: number): GroupNode[] =>
    (children.get(parentId) ?? []).flatMap((group) => {
      const entry = totals.get(group.id);
      if (!entry) return [];
      return [
        {
          key: `group-${group.id}`,
          name: localize(group.name) || group.code,
          code: group.code,
          depth,
          price: entry.price,
          mandays: entry.mandays,
          share: shareOf(entry.price, calculation.total.price),
          children: build(group.id, depth + 1),
        },
      ];
    });
  const roots = build(null, 0);
  const ungrouped = totals.get(null);
  if (ungrouped) {
    roots.push({
      key: 'group-none',
      name: withoutGroup,
      code: '',
      depth: 0,
      price: ungrouped.price,
      mandays: ungrouped.mandays,
      share: shareOf(ungrouped.price, calculation.total.price),
      children: [],
    });
  }
  return roots;
}

/** Every node of the tree with an open parent chain, in display order. */
export function visibleNodes(
  roots: readonly GroupNode[],
  expanded: ReadonlySet<string>,
): GroupNode[] {
  return roots.flatMap((node) => [
    node,
    ...(expanded.has(node.key) ? visibleNodes(node.children, expanded) : []),
  ]);
}

/** Keys of every node that has children: what "expand all" opens. */
export function branchKeys(roots: readonly GroupNode[]): string[] {
  return roots.flatMap((node) =>
    node.children.length > 0 ? [node.key, ...branchKeys(node.children)] : [],
  );
}

/**
 * Instances split into those in the main total and the optional ones, each share taken of its own
 * total. Names come later (the calculation knows ids only), so `name` is left empty here.
 */
export function instanceRows(calculation: Calculation): {
  main: InstanceRow[];
  optional: InstanceRow[];
} {
  const rows = (optional: boolean, total: string | null) =>
    calculation.byInstance
      .filter((entry) => entry.optional === optional)
      .map((entry): InstanceRow => ({
        key: `instance-${entry.instanceId}`,
        name: '',
        instanceId: entry.instanceId,
        optional: entry.optional,
        errorCount: entry.errorCount,
        price: entry.price,
        mandays: entry.mandays,
        share: shareOf(entry.price, total),
      }));
  return {
    main: rows(false, calculation.total.price),
    optional: rows(true, calculation.optional.price),
  };
}

export interface ChartDatum {
  name: string;
  value: number;
}

/** More bars than this would be too thin to read in the chart's fixed height. */
export const MAX_CHART_BARS = 10;

/**
 * The largest values first; beyond `MAX_CHART_BARS` the rest are summed into one "other" bar
 * (named by `otherName(count)`), so the chart stays readable and the total stays right.
 */
export function chartData(
  rows: readonly { name: string; value: number }[],
  otherName: (count: number) => string,
): ChartDatum[] {
  const positive = rows.filter((row) => row.value > 0).toSorted((a, b) => b.value - a.value);
  if (positive.length <= MAX_CHART_BARS)
    return positive.map(({ name, value }) => ({ name, value }));
  const shown = positive.slice(0, MAX_CHART_BARS - 1);
  const rest = positive.slice(MAX_CHART_BARS - 1);
  return [
    ...shown.map(({ name, value }) => ({ name, value })),
    { name: otherName(rest.length), value: rest.reduce((sum, row) => sum + row.value, 0) },
  ];
}
