// The story calculation (decision 0021): formulas compiled once per model, one result kept per
// instance, totals held as exact integers and adjusted by subtraction when one instance changes,
// lines and error entries built only when read.
import {
  compileFormula,
  createFrame,
  effectiveValue,
  type EvalState,
  type FormulaProgram,
  type Frame,
  type SlotFiller,
} from './compile';
import {
  AMOUNT_DECIMALS,
  addScaled,
  compareScaled,
  formatMoney,
  formatScaled,
  linePriceCents,
  MAX_LINE_PRICE_CENTS,
  mandaysOf,
  parseDecimal,
  scaledToNumber,
  subtractScaled,
  type Scaled,
} from './money';
import type {
  AttributeValue,
  AttributeValues,
  CalcErrorEntry,
  CalcInstance,
  CalcItem,
  CalcLine,
  CalculateInstance,
  CreateStoryCalculator,
  EvaluationError,
  RoleTotals,
  StoryCalculation,
  StoryModel,
  Totals,
} from './types';

const INVALID_FORMULA: EvaluationError = Object.freeze({ code: 'INVALID_FORMULA' });
const TOO_LARGE: EvaluationError = Object.freeze({ code: 'TOO_LARGE' });

/** 0: the unit is not time; 1: MANDAYS; 2: HOUR (8 h = 1 manday). */
type TimeKind = 0 | 1 | 2;

interface RolePlan {
  readonly id: number;
  readonly index: number;
  readonly time: TimeKind;
  readonly priceUnits: Scaled;
  /** The unit price with 4 decimals, as lines and role totals show it. */
  readonly unitPrice: string;
}

interface FormulaPlan {
  readonly level: number;
  readonly expression: string;
  /** null: the formula no longer passes its checks (INVALID_FORMULA). */
  readonly program: FormulaProgram | null;
}

interface ItemPlan {
  readonly item: CalcItem;
  /** Roles the item has formulas for, in the model's role order: one line each. */
  readonly slots: readonly RolePlan[];
  /** byLevel[n]: per slot, the formula of the highest level <= n (index clamped to the table). */
  readonly byLevel: readonly (readonly (FormulaPlan | null)[])[];
  /** The item's group and its ancestors (a group's totals include its sub-groups), or [null]. */
  readonly groupKeys: readonly (number | null)[];
  readonly phaseId: number | null;
  /** Read every attribute the item's formulas use, once per instance, into `frame`. */
  readonly fillers: readonly SlotFiller[];
  /** Scratch values of the instance being calculated (the calculation is synchronous). */
  readonly frame: Frame;
}

interface ModelPlan {
  readonly roles: readonly RolePlan[];
  readonly items: ReadonlyMap<number, ItemPlan>;
}

function timeKind(unit: string): TimeKind {
  return unit === 'MANDAYS' ? 1 : unit === 'HOUR' ? 2 : 0;
}

function priceOf(text: string, roleId: number): Scaled {
  const units = parseDecimal(text);
  if (units === null) {
    throw new RangeError(`role ${roleId}: the unit price ${JSON.stringify(text)} is no decimal`);
  }
  return units;
}

function groupChains(model: StoryModel): (groupId: number | null) => (number | null)[] {
  const parents = new Map<number, number | null>();
  for (const group of model.groups) parents.set(group.id, group.parentId);
  return (groupId) => {
    if (groupId === null) return [null];
    const chain: number[] = [];
    const seen = new Set<number>();
    let current: number | null | undefined = groupId;
    while (current !== null && current !== undefined && !seen.has(current)) {
      seen.add(current);
      chain.push(current);
      current = parents.get(current);
    }
    return chain;
  };
}

/**
 * Compiles a model: every formula once, unit prices resolved (the model's `unitPrices`, else the
 * role's price). Throws RangeError for a unit price that is not a decimal with up to 4 decimals
 * (the caller's data is broken; instances never make the calculation throw).
 */
function planModel(model: StoryModel): ModelPlan {
  const overrides = model.unitPrices ?? {};
  const roles: RolePlan[] = model.roles.map((role, index) => {
    const text = Object.hasOwn(overrides, role.id) ? overrides[role.id] : undefined;
    const priceUnits = priceOf(text ?? role.price, role.id);
    return {
      id: role.id,
      index,
      time: timeKind(role.unit),
      priceUnits,
      unitPrice: formatScaled(priceUnits, AMOUNT_DECIMALS),
    };
  });
  const roleById = new Map(roles.map((role) => [role.id, role]));
  const chainOf = groupChains(model);
  const items = new Map<number, ItemPlan>();
  for (const item of model.items) {
    if (!items.has(item.id)) items.set(item.id, planItem(item, roleById, chainOf));
  }
  return { roles, items };
}

function planItem(
  item: CalcItem,
  roleById: ReadonlyMap<number, RolePlan>,
  chainOf: (groupId: number | null) => (number | null)[],
): ItemPlan {
  const byRole = new Map<number, Map<number, FormulaPlan>>();
  const fillers = new Map<number, SlotFiller>();
  let maxLevel = 0;
  for (const formula of item.formulas) {
    if (!roleById.has(formula.roleId)) continue;
    let levels = byRole.get(formula.roleId);
    if (levels === undefined) {
      levels = new Map();
      byRole.set(formula.roleId, levels);
    }
    if (levels.has(formula.level)) continue;
    const checked = compileFormula(formula.expression, {
      attributes: item.attributes,
      level: formula.level,
    });
    levels.set(formula.level, {
      level: formula.level,
      expression: formula.expression,
      program: checked.ok ? checked.formula : null,
    });
    if (checked.ok) {
      checked.formula.slots.forEach((slot, index) => {
        const filler = checked.formula.fillers[index];
        if (filler !== undefined && !fillers.has(slot)) fillers.set(slot, filler);
      });
    }
    maxLevel = Math.max(maxLevel, formula.level);
  }
  const slots = [...byRole.keys()]
    .map((roleId) => roleById.get(roleId))
    .filter((role): role is RolePlan => role !== undefined)
    .sort((a, b) => a.index - b.index);
  const tableSize = Math.max(0, Math.min(1000, Math.floor(maxLevel))) + 1;
  const byLevel = Array.from({ length: tableSize }, (_, level) =>
    slots.map((role) => {
      let chosen: FormulaPlan | null = null;
      for (const formula of byRole.get(role.id)?.values() ?? []) {
        if (formula.level <= level && (chosen === null || formula.level > chosen.level)) {
          chosen = formula;
        }
      }
      return chosen;
    }),
  );
  return {
    item,
    slots,
    byLevel,
    groupKeys: chainOf(item.groupId),
    phaseId: item.phaseId,
    fillers: [...fillers.values()],
    frame: createFrame(item.attributes.length),
  };
}

// ---- one instance --------------------------------------------------------------------------------

interface InstanceEntry extends Totals {
  readonly instanceId: number;
  readonly optional: boolean;
  readonly errorCount: number;
}

/**
 * The result of one instance; immutable once made (lines are cached on first read). Everything
 * later steps need is captured here, so a caller that changes an instance object in place after
 * giving it cannot disturb the subtraction of its old result.
 */
interface InstanceResult {
  readonly plan: ItemPlan | undefined;
  /**
   * Per slot two entries: the amount in units of 1/10,000 and the line price in cents (both 0
   * on error or without formula). One array per instance: less to allocate and to collect.
   */
  readonly lineValues: readonly Scaled[];
  readonly errors: readonly (EvaluationError | null)[] | null;
  readonly errorCount: number;
  readonly price: Scaled;
  readonly mandayUnits: Scaled;
  readonly hourUnits: Scaled;
  readonly labels: readonly number[];
  readonly entry: InstanceEntry;
  lines?: readonly CalcLine[];
  readonly errorEntries: readonly CalcErrorEntry[];
}

const NO_FORMULAS: readonly (FormulaPlan | null)[] = [];
const NO_VALUES: AttributeValues = Object.freeze({});

function chooseFormulas(plan: ItemPlan, level: number): readonly (FormulaPlan | null)[] {
  if (!(level >= 1)) return plan.byLevel[0] ?? NO_FORMULAS;
  const index = Math.min(plan.byLevel.length - 1, Math.floor(level));
  return plan.byLevel[index] ?? NO_FORMULAS;
}

const NO_LABELS: readonly number[] = [];

/** The labels once each (an instance counts once under a label), in a copy of their own. */
function uniqueLabels(labelIds: readonly number[] | undefined): readonly number[] {
  if (labelIds === undefined || labelIds.length === 0) return NO_LABELS;
  for (let index = 1; index < labelIds.length; index += 1) {
    if (labelIds.indexOf(labelIds[index] as number) < index) return [...new Set(labelIds)];
  }
  return labelIds.slice();
}

function calculateOne(
  instance: CalcInstance,
  plan: ItemPlan | undefined,
  state: EvalState,
): InstanceResult {
  const chosen = plan === undefined ? NO_FORMULAS : chooseFormulas(plan, instance.level);
  const slots = plan?.slots ?? [];
  const count = chosen.length;
  const lineValues: Scaled[] = [];
  let errors: (EvaluationError | null)[] | null = null;
  let errorCount = 0;
  let price: Scaled = 0;
  let mandayUnits: Scaled = 0;
  let hourUnits: Scaled = 0;
  const values =
    typeof instance.values === 'object' && instance.values !== null ? instance.values : NO_VALUES;
  const frame = plan?.frame;
  if (plan !== undefined && count > 0) for (const fill of plan.fillers) fill(plan.frame, values);
  for (let index = 0; index < count; index += 1) {
    const formula = chosen[index];
    const role = slots[index];
    lineValues.push(0, 0);
    if (formula === null || formula === undefined || role === undefined) continue;
    let error: EvaluationError | null = null;
    let units: Scaled | null = null;
    if (formula.program === null || frame === undefined) {
      error = INVALID_FORMULA;
    } else {
      state.error = null;
      units = formula.program.run(frame, state);
      if (units === null) error = state.error ?? INVALID_FORMULA;
    }
    const linePrice = units === null ? 0 : linePriceCents(units, role.priceUnits);
    if (compareScaled(linePrice, MAX_LINE_PRICE_CENTS) > 0) error = TOO_LARGE;
    if (error !== null || units === null) {
      errors ??= new Array<EvaluationError | null>(count).fill(null);
      errors[index] = error ?? INVALID_FORMULA;
      errorCount += 1;
      continue;
    }
    if (units === 0) continue;
    lineValues[2 * index] = units;
    lineValues[2 * index + 1] = linePrice;
    price = addScaled(price, linePrice);
    if (role.time === 1) mandayUnits = addScaled(mandayUnits, units);
    else if (role.time === 2) hourUnits = addScaled(hourUnits, units);
  }
  const optional = instance.optional === true;
  return {
    plan,
    lineValues,
    errors,
    errorCount,
    price,
    mandayUnits,
    hourUnits,
    labels: uniqueLabels(instance.labelIds),
    errorEntries:
      plan !== undefined && errors !== null
        ? errorEntries(instance, values, plan, chosen, errors)
        : NO_ERROR_ENTRIES,
    entry: {
      instanceId: instance.id,
      optional,
      errorCount,
      price: formatMoney(price),
      mandays: mandaysOf(mandayUnits, hourUnits),
    },
    // filled on first read; present from the start so every result has one shape
    lines: undefined,
  };
}

function linesOf(result: InstanceResult): readonly CalcLine[] {
  if (result.lines !== undefined) return result.lines;
  const slots = result.plan?.slots ?? [];
  const instanceId = result.entry.instanceId;
  const lines: CalcLine[] = [];
  for (let index = 0; index < slots.length; index += 1) {
    const role = slots[index];
    if (role === undefined) continue;
    const error = result.errors?.[index] ?? null;
    const amount = scaledToNumber(result.lineValues[2 * index] ?? 0, AMOUNT_DECIMALS);
    const price = formatMoney(result.lineValues[2 * index + 1] ?? 0);
    lines.push(
      error === null
        ? { instanceId, roleId: role.id, amount, unitPrice: role.unitPrice, price }
        : { instanceId, roleId: role.id, amount, unitPrice: role.unitPrice, price, error },
    );
  }
  result.lines = lines;
  return lines;
}

const NO_ERROR_ENTRIES: readonly CalcErrorEntry[] = [];

/**
 * The error entries of an instance, made with its result (errors are few): the inputs are the
 * values the formula read after defaults (null: not filled in and no default), every attribute
 * of the item for a formula that no longer passes its checks.
 */
function errorEntries(
  instance: CalcInstance,
  values: AttributeValues,
  plan: ItemPlan,
  chosen: readonly (FormulaPlan | null)[],
  errors: readonly (EvaluationError | null)[],
): readonly CalcErrorEntry[] {
  const entries: CalcErrorEntry[] = [];
  errors.forEach((error, index) => {
    const role = plan.slots[index];
    const formula = chosen[index];
    if (error === null || role === undefined || formula === undefined || formula === null) return;
    const codes =
      formula.program?.attributeCodes ?? plan.item.attributes.map((attribute) => attribute.code);
    const inputs: [string, AttributeValue][] = [];
    for (const code of codes) {
      const attribute = plan.item.attributes.find((candidate) => candidate.code === code);
      if (attribute !== undefined) inputs.push([code, effectiveValue(attribute, values) ?? null]);
    }
    entries.push({
      instanceId: instance.id,
      itemId: plan.item.id,
      roleId: role.id,
      level: instance.level,
      inputs: Object.fromEntries(inputs),
      unitPrice: role.unitPrice,
      expression: formula.expression,
      error,
    });
  });
  return entries;
}

// ---- totals --------------------------------------------------------------------------------------

/** Exact running totals: cents, MANDAYS and HOUR amounts (1/10,000), instances counted. */
class Accumulator {
  price: Scaled = 0;
  mandayUnits: Scaled = 0;
  hourUnits: Scaled = 0;
  instances = 0;

  apply(result: InstanceResult, sign: 1 | -1): void {
    const combine = sign === 1 ? addScaled : subtractScaled;
    this.price = combine(this.price, result.price);
    this.mandayUnits = combine(this.mandayUnits, result.mandayUnits);
    this.hourUnits = combine(this.hourUnits, result.hourUnits);
    this.instances += sign;
  }

  totals(): Totals {
    return { price: formatMoney(this.price), mandays: mandaysOf(this.mandayUnits, this.hourUnits) };
  }
}

class RoleAccumulator {
  amountUnits: Scaled = 0;
  price: Scaled = 0;
}

function keyOrder(a: number | null, b: number | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a - b;
}

class Aggregates {
  readonly main = new Accumulator();
  readonly optional = new Accumulator();
  readonly roles: RoleAccumulator[];
  readonly phases = new Map<number | null, Accumulator>();
  readonly groups = new Map<number | null, Accumulator>();
  readonly labels = new Map<number, Accumulator>();

  constructor(private readonly model: ModelPlan) {
    this.roles = model.roles.map(() => new RoleAccumulator());
  }

  private static into<K>(map: Map<K, Accumulator>, key: K): Accumulator {
    let accumulator = map.get(key);
    if (accumulator === undefined) {
      accumulator = new Accumulator();
      map.set(key, accumulator);
    }
    return accumulator;
  }

  /** Per item: the accumulators of its phase and of its group with every ancestor. */
  private readonly byItem = new Map<ItemPlan, readonly Accumulator[]>();

  private itemAccumulators(plan: ItemPlan): readonly Accumulator[] {
    let accumulators = this.byItem.get(plan);
    if (accumulators === undefined) {
      accumulators = [
        Aggregates.into(this.phases, plan.phaseId),
        ...plan.groupKeys.map((key) => Aggregates.into(this.groups, key)),
      ];
      this.byItem.set(plan, accumulators);
    }
    return accumulators;
  }

  /** Adds (sign 1) or takes away (sign -1) one instance's result: exact, so order-free. */
  apply(result: InstanceResult, sign: 1 | -1): void {
    if (result.entry.optional) {
      this.optional.apply(result, sign);
      return;
    }
    this.main.apply(result, sign);
    const plan = result.plan;
    if (plan === undefined) return;
    for (const accumulator of this.itemAccumulators(plan)) accumulator.apply(result, sign);
    for (const label of result.labels) Aggregates.into(this.labels, label).apply(result, sign);
    const combine = sign === 1 ? addScaled : subtractScaled;
    const slots = plan.slots;
    const values = result.lineValues;
    for (let index = 0; index < slots.length; index += 1) {
      const amount = values[2 * index] ?? 0;
      const role = slots[index];
      if (amount === 0 || role === undefined) continue;
      const accumulator = this.roles[role.index];
      if (accumulator === undefined) continue;
      accumulator.amountUnits = combine(accumulator.amountUnits, amount);
      accumulator.price = combine(accumulator.price, values[2 * index + 1] ?? 0);
    }
  }

  byRole(): RoleTotals[] {
    return this.model.roles.map((role) => {
      const accumulator = this.roles[role.index] ?? new RoleAccumulator();
      const amount = accumulator.amountUnits;
      return {
        roleId: role.id,
        amount: scaledToNumber(amount, AMOUNT_DECIMALS),
        unitPrice: role.unitPrice,
        price: formatMoney(accumulator.price),
        mandays:
          role.time === 1 ? mandaysOf(amount, 0) : role.time === 2 ? mandaysOf(0, amount) : 0,
      };
    });
  }

  static listed<K extends number | null>(map: ReadonlyMap<K, Accumulator>): [K, Totals][] {
    return [...map.entries()]
      .filter(([, accumulator]) => accumulator.instances > 0)
      .sort(([a], [b]) => keyOrder(a, b))
      .map(([key, accumulator]) => [key, accumulator.totals()]);
  }
}

// ---- the calculator ------------------------------------------------------------------------------

function calculation(
  aggregates: Aggregates,
  order: readonly (InstanceResult | null)[],
): StoryCalculation {
  let lines: CalcLine[] | undefined;
  let errors: CalcErrorEntry[] | undefined;
  const byInstance: InstanceEntry[] = [];
  for (const result of order) if (result !== null) byInstance.push(result.entry);
  return {
    total: aggregates.main.totals(),
    optional: aggregates.optional.totals(),
    byRole: aggregates.byRole(),
    byPhase: Aggregates.listed(aggregates.phases).map(([phaseId, totals]) => ({
      phaseId,
      ...totals,
    })),
    byGroup: Aggregates.listed(aggregates.groups).map(([groupId, totals]) => ({
      groupId,
      ...totals,
    })),
    byLabel: Aggregates.listed(aggregates.labels).map(([labelId, totals]) => ({
      labelId,
      ...totals,
    })),
    byInstance,
    // built on first read and kept: a story of 10,000 instances has some 50,000 lines
    get lines(): readonly CalcLine[] {
      if (lines === undefined) {
        lines = [];
        for (const result of order) {
          if (result !== null) for (const line of linesOf(result)) lines.push(line);
        }
      }
      return lines;
    },
    get errors(): readonly CalcErrorEntry[] {
      if (errors === undefined) {
        errors = [];
        for (const result of order) {
          if (result !== null && result.errorCount > 0) errors.push(...result.errorEntries);
        }
      }
      return errors;
    },
  };
}

/** Removed instances leave holes in the instance order until they are this many and half. */
const COMPACT_AFTER = 64;

/**
 * A calculator over one model: `calculate` computes every instance; `update` and `remove` change
 * one instance, adjusting the exact totals by subtraction and addition (no full recalculation).
 * Each returned calculation is a snapshot: later updates do not change it (the instance order is
 * copied on write: a copy of 10,000 references, not a recalculation). Instance ids are keys: an
 * instance given twice replaces the earlier one in place.
 */
export const createStoryCalculator: CreateStoryCalculator = (model) => {
  const plan = planModel(model);
  const state: EvalState = { error: null };
  let aggregates = new Aggregates(plan);
  /** Results in instance order; null where an instance was removed. */
  let order: (InstanceResult | null)[] = [];
  let holes = 0;
  /** Instance id → index in `order`; built when first needed (update, remove). */
  let positions: Map<number, number> | null = new Map<number, number>();

  const positionsOf = (): Map<number, number> => {
    if (positions === null) {
      const built = new Map<number, number>();
      order.forEach((result, index) => {
        if (result !== null) built.set(result.entry.instanceId, index);
      });
      positions = built;
    }
    return positions;
  };

  const calculateInstanceResult = (instance: CalcInstance): InstanceResult =>
    calculateOne(instance, plan.items.get(instance.itemId), state);

  const compact = (): void => {
    const kept: InstanceResult[] = [];
    for (const result of order) if (result !== null) kept.push(result);
    order = kept;
    positions = new Map(kept.map((result, index) => [result.entry.instanceId, index]));
    holes = 0;
  };

  /** Instances given twice to calculate: the later replaces the earlier, in its place. */
  const keepLastOfEachId = (): void => {
    const first = new Map<number, number>();
    order.forEach((result, index) => {
      if (result === null) return;
      const earlier = first.get(result.entry.instanceId);
      if (earlier === undefined) {
        first.set(result.entry.instanceId, index);
        return;
      }
      const previous = order[earlier];
      if (previous !== null && previous !== undefined) aggregates.apply(previous, -1);
      order[earlier] = result;
      order[index] = null;
    });
    compact();
  };

  return {
    calculate(instances) {
      aggregates = new Aggregates(plan);
      order = [];
      holes = 0;
      positions = null;
      // ids in ascending order (as lists usually come) cannot repeat: no map needed to know it
      let ascending = true;
      let lastId = Number.NEGATIVE_INFINITY;
      for (const instance of instances) {
        const result = calculateInstanceResult(instance);
        if (ascending && !(instance.id > lastId)) ascending = false;
        lastId = instance.id;
        order.push(result);
        aggregates.apply(result, 1);
      }
      if (!ascending && positionsOf().size < order.length) keepLastOfEachId();
      return calculation(aggregates, order);
    },
    update(instance) {
      const result = calculateInstanceResult(instance);
      order = order.slice();
      const known = positionsOf();
      const position = known.get(instance.id);
      if (position === undefined) {
        known.set(instance.id, order.length);
        order.push(result);
      } else {
        const previous = order[position];
        if (previous !== null && previous !== undefined) aggregates.apply(previous, -1);
        order[position] = result;
      }
      aggregates.apply(result, 1);
      return calculation(aggregates, order);
    },
    remove(instanceId) {
      const known = positionsOf();
      const position = known.get(instanceId);
      if (position !== undefined) {
        const previous = order[position];
        if (previous !== null && previous !== undefined) aggregates.apply(previous, -1);
        order = order.slice();
        order[position] = null;
        known.delete(instanceId);
        holes += 1;
        if (holes > COMPACT_AFTER && holes * 2 > order.length) compact();
      }
      return calculation(aggregates, order);
    },
  };
};

/**
 * One instance's lines, total and errors (the emulation and the instance calculation API): only
 * the instance's item is compiled. The total covers the instance whether optional or not. An
 * instance whose item is not in the model has no lines.
 */
export const calculateInstance: CalculateInstance = (model, instance) => {
  const item = model.items.find((candidate) => candidate.id === instance.itemId);
  const calculator = createStoryCalculator({
    ...model,
    items: item === undefined ? [] : [item],
  });
  const result = calculator.calculate([instance]);
  const entry = result.byInstance[0];
  return {
    lines: result.lines,
    total: { price: entry?.price ?? formatMoney(0), mandays: entry?.mandays ?? 0 },
    errors: result.errors,
  };
};
