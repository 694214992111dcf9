// The comparison of two states of a story (decision 0042 "Comparison"): diffs two calculation answers made by the one calculation code path, with the inputs they were made from, into totals, roles, phases and instances and the reasons they differ.
import {
  AMOUNT_DECIMALS,
  amountToScaled,
  formatMoney,
  parseDecimal,
  parseMoney,
  scaledToNumber,
  subtractScaled,
  type AttributeValue,
  type Scaled,
} from '@costory/calc';
import type {
  ChangedInstance,
  ComparedInstance,
  ComparedPhase,
  ComparedRole,
  ComparisonReason,
  StoryCalculationDto,
  StoryVersionComparison,
} from '@costory/shared';
import type { FrozenCatalog, FrozenNames } from '../../../db/schema';
import type { StoredCalcInstance } from '../calculation/calc-instances-text';

/** One side: a version or the live story, its inputs in the shape a version freezes them, and its calculation answer. */
export interface ComparedState {
  side: StoryVersionComparison['from'];
  catalog: FrozenCatalog;
  instances: readonly StoredCalcInstance[];
  names: FrozenNames;
  calculation: StoryCalculationDto;
}

type Figures = StoryVersionComparison['total']['from'];
type InstanceState = ChangedInstance['from'];
type CatalogRole = FrozenCatalog['roles'][number];
type CatalogItem = FrozenCatalog['items'][number];

function cents(money: string): Scaled {
  const value = parseMoney(money);
  if (value === null) throw new Error(`Not money: ${JSON.stringify(money)}`);
  return value;
}

function mandayUnits(mandays: number): Scaled {
  const value = amountToScaled(mandays);
  if (value === null) throw new Error(`Not a time: ${mandays}`);
  return value;
}

/**
 * `to` minus `from`: prices in exact cents (null when the caller reads no prices, where both are
 * null), mandays in the engine's 1/10,000 so that no binary fraction creeps in.
 */
function difference(from: Figures, to: Figures): Figures {
  return {
    price:
      from.price === null || to.price === null
        ? null
        : formatMoney(subtractScaled(cents(to.price), cents(from.price))),
    mandays: scaledToNumber(
      subtractScaled(mandayUnits(to.mandays), mandayUnits(from.mandays)),
      AMOUNT_DECIMALS,
    ),
  };
}

function figuresDiff(from: Figures, to: Figures) {
  return { from, to, difference: difference(from, to) };
}

/** Role prices are NUMERIC text whose spelling may differ ("1000" and "1000.0000"): compared as values. */
function samePrice(a: string, b: string): boolean {
  const left = parseDecimal(a);
  return left !== null && left === parseDecimal(b);
}

function byId<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** Ids of both sides, the `to` side's in its order first, then those only `from` has. */
function unionInOrder<K>(to: readonly K[], from: readonly K[]): K[] {
  const seen = new Set(to);
  return [...to, ...from.filter((key) => !seen.has(key))];
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Roles present in both catalogs whose figures would price differently: another unit, or (for a
 * member who reads prices) another price. A customer is not told that a price changed (decision
 * 0033), only a unit, which changes the time they read.
 */
function repricedRoles(from: ComparedState, to: ComparedState, margins: boolean): Set<number> {
  const before = byId(from.catalog.roles);
  const repriced = new Set<number>();
  for (const role of to.catalog.roles) {
    const old = before.get(role.id);
    if (old === undefined) continue;
    if (old.unit !== role.unit || (margins && !samePrice(old.price, role.price))) {
      repriced.add(role.id);
    }
  }
  return repriced;
}

function compareRoles(
  from: ComparedState,
  to: ComparedState,
  repriced: ReadonlySet<number>,
  zero: Figures,
): ComparedRole[] {
  const fromCatalog = byId(from.catalog.roles);
  const toCatalog = byId(to.catalog.roles);
  const fromRoles = new Map(from.calculation.byRole.map((entry) => [entry.roleId, entry]));
  const toRoles = new Map(to.calculation.byRole.map((entry) => [entry.roleId, entry]));
  const ids = unionInOrder(
    to.calculation.byRole.map((entry) => entry.roleId),
    from.calculation.byRole.map((entry) => entry.roleId),
  );
  const sideOf = (
    entry: StoryCalculationDto['byRole'][number] | undefined,
    role: CatalogRole | undefined,
  ): ComparedRole['from'] =>
    // The engine lists every role of the catalog; one without an amount is no part of the side.
    entry === undefined || role === undefined || entry.amount === 0
      ? null
      : {
          unit: role.unit,
          amount: entry.amount,
          unitPrice: entry.unitPrice,
          price: entry.price,
          mandays: entry.mandays,
        };
  return ids.flatMap((roleId): ComparedRole[] => {
    const fromRole = fromCatalog.get(roleId);
    const toRole = toCatalog.get(roleId);
    const named = toRole ?? fromRole;
    const fromSide = sideOf(fromRoles.get(roleId), fromRole ?? toRole);
    const toSide = sideOf(toRoles.get(roleId), toRole ?? fromRole);
    if (fromSide === null && toSide === null) return [];
    return [
      {
        roleId,
        code: named?.code ?? '',
        name: named?.name ?? {},
        from: fromSide,
        to: toSide,
        difference: difference(fromSide ?? zero, toSide ?? zero),
        reasons: repriced.has(roleId) ? ['ROLE_PRICE'] : [],
      },
    ];
  });
}

function comparePhases(from: ComparedState, to: ComparedState, zero: Figures): ComparedPhase[] {
  const phases = new Map(
    [...from.catalog.phases, ...to.catalog.phases].map((phase) => [phase.id, phase]),
  );
  const fromPhases = new Map(from.calculation.byPhase.map((entry) => [entry.phaseId, entry]));
  const toPhases = new Map(to.calculation.byPhase.map((entry) => [entry.phaseId, entry]));
  const position = (id: number | null) =>
    id === null ? Number.POSITIVE_INFINITY : (phases.get(id)?.position ?? Number.MAX_VALUE);
  const ids = unionInOrder([...toPhases.keys()], [...fromPhases.keys()]).sort(
    (a, b) => position(a) - position(b) || (a ?? 0) - (b ?? 0),
  );
  return ids.map((phaseId): ComparedPhase => {
    const phase = phaseId === null ? undefined : phases.get(phaseId);
    const fromEntry = fromPhases.get(phaseId);
    const toEntry = toPhases.get(phaseId);
    return {
      phaseId,
      code: phase?.code ?? null,
      name: phase?.name ?? null,
      ...figuresDiff(
        fromEntry ? { price: fromEntry.price, mandays: fromEntry.mandays } : zero,
        toEntry ? { price: toEntry.price, mandays: toEntry.mandays } : zero,
      ),
    };
  });
}

/** Everything one side says of its instances, by id. */
function instanceIndex(state: ComparedState) {
  return {
    instances: byId(state.instances),
    figures: new Map(state.calculation.byInstance.map((entry) => [entry.instanceId, entry])),
    items: byId(state.catalog.items),
    names: new Map(state.names.instances.map(([id, , name]) => [id, name])),
  };
}
type InstanceIndex = ReturnType<typeof instanceIndex>;

function stateOf(index: InstanceIndex, instance: StoredCalcInstance, zero: Figures): InstanceState {
  const figures = index.figures.get(instance.id);
  return {
    level: instance.level,
    optional: instance.optional,
    labelIds: [...instance.labelIds],
    itemVersion: index.items.get(instance.itemId)?.version ?? null,
    price: figures?.price ?? zero.price,
    mandays: figures?.mandays ?? zero.mandays,
    errorCount: figures?.errorCount ?? 0,
  };
}

function namesOf(instance: StoredCalcInstance, ...indexes: InstanceIndex[]) {
  const item = indexes.map((index) => index.items.get(instance.itemId)).find(Boolean);
  return {
    instanceId: instance.id,
    itemId: instance.itemId,
    itemCode: item?.code ?? '',
    itemName: item?.name ?? {},
    name:
      indexes.map((index) => index.names.get(instance.id)).find((name) => name !== undefined) ?? '',
  };
}

function onlyOnOneSide(
  instance: StoredCalcInstance,
  index: InstanceIndex,
  zero: Figures,
): ComparedInstance {
  const values: Record<string, AttributeValue> = {};
  for (const [code, value] of Object.entries(instance.values)) {
    if (value !== undefined) values[code] = value;
  }
  return { ...namesOf(instance, index), state: stateOf(index, instance, zero), values };
}

function changedValues(before: StoredCalcInstance, after: StoredCalcInstance) {
  const codes = [...new Set([...Object.keys(before.values), ...Object.keys(after.values)])].sort();
  return codes
    .map((attribute) => ({
      attribute,
      from: before.values[attribute] ?? null,
      to: after.values[attribute] ?? null,
    }))
    .filter((value) => value.from !== value.to);
}

/** The roles the instance's formulas price with at its level, on either side. */
function rolesUsed(
  items: readonly (CatalogItem | undefined)[],
  levels: readonly number[],
): Set<number> {
  const top = Math.max(...levels);
  const roles = new Set<number>();
  for (const item of items) {
    for (const formula of item?.formulas ?? []) {
      if (formula.level <= top) roles.add(formula.roleId);
    }
  }
  return roles;
}

/** Values as `changedValues` compares them (a missing value is null), without building the list. */
function sameValues(before: StoredCalcInstance['values'], after: StoredCalcInstance['values']) {
  for (const code in before) if ((before[code] ?? null) !== (after[code] ?? null)) return false;
  for (const code in after) if ((before[code] ?? null) !== (after[code] ?? null)) return false;
  return true;
}

/**
 * Whether nothing the comparison lists differs for an instance on both sides: most instances of
 * two versions are alike, and a 10,000-instance comparison must not build a state for each.
 */
function unchanged(
  before: InstanceIndex,
  old: StoredCalcInstance,
  after: InstanceIndex,
  instance: StoredCalcInstance,
): boolean {
  const oldFigures = before.figures.get(old.id);
  const figures = after.figures.get(instance.id);
  return (
    oldFigures?.price === figures?.price &&
    oldFigures?.mandays === figures?.mandays &&
    oldFigures?.errorCount === figures?.errorCount &&
    before.items.get(old.itemId)?.version === after.items.get(instance.itemId)?.version &&
    old.level === instance.level &&
    old.optional === instance.optional &&
    sameList(old.labelIds, instance.labelIds) &&
    sameValues(old.values, instance.values)
  );
}

function compareInstances(
  from: ComparedState,
  to: ComparedState,
  repriced: ReadonlySet<number>,
  zero: Figures,
): StoryVersionComparison['instances'] {
  const before = instanceIndex(from);
  const after = instanceIndex(to);
  const added = to.instances
    .filter((instance) => !before.instances.has(instance.id))
    .map((instance) => onlyOnOneSide(instance, after, zero));
  const removed = from.instances
    .filter((instance) => !after.instances.has(instance.id))
    .map((instance) => onlyOnOneSide(instance, before, zero));
  const changed: ChangedInstance[] = [];
  for (const instance of to.instances) {
    const old = before.instances.get(instance.id);
    if (old === undefined || unchanged(before, old, after, instance)) continue;
    const fromState = stateOf(before, old, zero);
    const toState = stateOf(after, instance, zero);
    const values = changedValues(old, instance);
    const figuresDiffer =
      fromState.price !== toState.price ||
      fromState.mandays !== toState.mandays ||
      fromState.errorCount !== toState.errorCount;
    const reasons: ComparisonReason[] = [];
    if (
      values.length > 0 ||
      old.level !== instance.level ||
      old.optional !== instance.optional ||
      !sameList(old.labelIds, instance.labelIds)
    ) {
      reasons.push('EDIT');
    }
    if (fromState.itemVersion !== toState.itemVersion) reasons.push('ITEM_VERSION');
    // Only where the figures moved: a repriced role the instance has no amount of changes nothing.
    const used = rolesUsed(
      [before.items.get(old.itemId), after.items.get(instance.itemId)],
      [old.level, instance.level],
    );
    if (figuresDiffer && [...used].some((roleId) => repriced.has(roleId))) {
      reasons.push('ROLE_PRICE');
    }
    if (reasons.length === 0 && !figuresDiffer) continue;
    changed.push({
      ...namesOf(instance, after, before),
      reasons,
      from: fromState,
      to: toState,
      difference: difference(fromState, toState),
      values,
    });
  }
  return { added, removed, changed };
}

/**
 * The comparison of `from` and `to`, both calculated by the one calculation code path with the
 * same view of prices (`margins`). Differences are `to` minus `from`.
 */
export function compareStates(
  from: ComparedState,
  to: ComparedState,
  margins: boolean,
): StoryVersionComparison {
  const zero: Figures = { price: margins ? '0.00' : null, mandays: 0 };
  const repriced = repricedRoles(from, to, margins);
  return {
    from: from.side,
    to: to.side,
    total: figuresDiff(from.calculation.total, to.calculation.total),
    optional: figuresDiff(from.calculation.optional, to.calculation.optional),
    byRole: compareRoles(from, to, repriced, zero),
    byPhase: comparePhases(from, to, zero),
    instances: compareInstances(from, to, repriced, zero),
  };
}
