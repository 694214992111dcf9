// Benchmark of the story calculation (@costory/calc): a generated catalog of 100 items and a story
// of 10,000 instances; compile, full calculation, one-instance update, and a hand-written floor.
/// <reference types="node" />
import { performance } from 'node:perf_hooks';
import {
  AMOUNT_DECIMALS,
  addScaled,
  createStoryCalculator,
  formatMoney,
  formatScaled,
  linePriceCents,
  mandaysOf,
  parseDecimal,
  roundHalfAwayFromZero,
  roundToScaled,
  scaledToNumber,
  type AttributeValues,
  type CalcInstance,
  type CalcItem,
  type FormulaAttribute,
  type Scaled,
  type StoryModel,
} from '../packages/calc/src/index';
import { percentile } from './stats';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const UPDATE_RUNS = Number(process.env.BENCH_UPDATE_RUNS ?? 300);
const WARM_UP = 5;

// ---- seeded data -----------------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20_251);
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
function pick<T>(values: readonly T[]): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}
const coefficient = () => Math.round((0.01 + random() * 2) * 1000) / 1000;

const ROLE_UNITS = [
  'MANDAYS',
  'MANDAYS',
  'MANDAYS',
  'MANDAYS',
  'HOUR',
  'HOUR',
  'HOUR',
  'M2',
  'PIECE',
  'KM',
];
const roles = ROLE_UNITS.map((unit, index) => ({
  id: index + 1,
  unit,
  price: formatScaled(between(10_000, 95_000_000), 4), // 1.0000 … 9500.0000 with decimals
}));

const attributes: FormulaAttribute[] = [
  { code: 'area', level: 1, type: 'NUMBER', mandatory: true, defaultValue: null, enumCodes: [] },
  { code: 'count', level: 1, type: 'INTEGER', mandatory: false, defaultValue: 1, enumCodes: [] },
  { code: 'flag', level: 1, type: 'BOOLEAN', mandatory: false, defaultValue: null, enumCodes: [] },
  {
    code: 'quality',
    level: 1,
    type: 'ENUM',
    mandatory: false,
    defaultValue: 'MID',
    enumCodes: ['LOW', 'MID', 'HIGH'],
  },
  { code: 'height', level: 2, type: 'NUMBER', mandatory: false, defaultValue: 2.5, enumCodes: [] },
  {
    code: 'floors',
    level: 2,
    type: 'INTEGER',
    mandatory: false,
    defaultValue: null,
    enumCodes: [],
  },
  {
    code: 'urgent',
    level: 3,
    type: 'BOOLEAN',
    mandatory: false,
    defaultValue: null,
    enumCodes: [],
  },
  {
    code: 'finish',
    level: 3,
    type: 'ENUM',
    mandatory: false,
    defaultValue: 'STD',
    enumCodes: ['STD', 'PREMIUM'],
  },
];

/** The values a formula sees, read by hand as a JavaScript programmer would (defaults applied). */
interface Inputs {
  area: number;
  count: number;
  flag: number;
  quality: string;
  height: number;
  floors: number;
  urgent: number;
  finish: string;
}
function inputsOf(values: AttributeValues): Inputs {
  return {
    area: values.area as number,
    count: (values.count ?? 1) as number,
    flag: values.flag === true ? 1 : 0,
    quality: (values.quality ?? 'MID') as string,
    height: (values.height ?? 2.5) as number,
    floors: (values.floors ?? 0) as number,
    urgent: values.urgent === true ? 1 : 0,
    finish: (values.finish ?? 'STD') as string,
  };
}

/** A formula template: the expression for the engine and the same formula written in JavaScript. */
interface Template {
  level: 1 | 2 | 3;
  make(k: readonly number[]): { expression: string; js: (v: Inputs) => number };
}
const TEMPLATES: Template[] = [
  {
    level: 1,
    make: ([a = 1, b = 1]) => ({
      expression: `area * ${a} + count * ${b}`,
      js: (v) => v.area * a + v.count * b,
    }),
  },
  {
    level: 1,
    make: ([a = 1, b = 1, c = 1]) => ({
      expression: `if(flag, area * ${a}, area * ${b}) + max(count - 1, 0) * ${c}`,
      js: (v) => (v.flag ? v.area * a : v.area * b) + Math.max(v.count - 1, 0) * c,
    }),
  },
  {
    level: 1,
    make: ([a = 1, b = 1]) => ({
      expression: `round(area * ${a}, 1) + (quality == "HIGH" ? ${b} : 0)`,
      js: (v) => roundHalfAwayFromZero(v.area * a, 1) + (v.quality === 'HIGH' ? b : 0),
    }),
  },
  {
    level: 2,
    make: ([a = 1, b = 1]) => ({
      expression: `area * height * ${a} * (is(quality, "HIGH") ? 1.2 : 1) + min(floors, 5) * ${b}`,
      js: (v) =>
        v.area * v.height * a * (v.quality === 'HIGH' ? 1.2 : 1) + Math.min(v.floors, 5) * b,
    }),
  },
  {
    level: 2,
    make: ([a = 1, b = 1, c = 1, d = 1]) => ({
      expression: `max(area * ${a}, ${b}) + floors * ${c} + flag * ${d}`,
      js: (v) => Math.max(v.area * a, b) + v.floors * c + v.flag * d,
    }),
  },
  {
    level: 3,
    make: ([a = 1, b = 1, c = 1]) => ({
      expression: `(area * height * ${a} + count * ${b}) * (urgent ? 1.5 : 1) + (finish == "PREMIUM" ? area * ${c} : 0)`,
      js: (v) =>
        (v.area * v.height * a + v.count * b) * (v.urgent ? 1.5 : 1) +
        (v.finish === 'PREMIUM' ? v.area * c : 0),
    }),
  },
  {
    level: 3,
    make: ([a = 1, b = 1, c = 1]) => ({
      expression: `ceil(area / ${a + 1}) * ${b} + if(is(finish, "PREMIUM"), ${c}, 0)`,
      js: (v) => ceil(v.area / (a + 1)) * b + (v.finish === 'PREMIUM' ? c : 0),
    }),
  },
];
/** ceil as the engine has it: a value within 1e-12 (relative) of an integer is that integer. */
function ceil(x: number): number {
  const nearest = Math.round(x);
  const near = Math.abs(x - nearest) <= 1e-12 * Math.max(Math.abs(x), Math.abs(nearest), 1);
  return Math.ceil(near ? nearest : x);
}

const byLevel = (level: number) => TEMPLATES.filter((template) => template.level === level);

const groups: { id: number; parentId: number | null }[] = [];
for (let top = 1; top <= 10; top += 1) {
  groups.push({ id: top * 100, parentId: null });
  for (let sub = 1; sub <= 3; sub += 1) groups.push({ id: top * 100 + sub, parentId: top * 100 });
}
const subGroups = groups.filter((group) => group.parentId !== null).map((group) => group.id);

/** The floor's own formula table: per item and role, (level, JavaScript formula), highest first. */
const floorFormulas = new Map<
  number,
  { roleIndex: number; levels: { level: number; js: (v: Inputs) => number }[] }[]
>();
const items: CalcItem[] = [];
for (let id = 1; id <= ITEMS; id += 1) {
  const roleIndexes = [...roles.keys()]
    .sort(() => random() - 0.5)
    .slice(0, between(3, 6))
    .sort((a, b) => a - b);
  const formulas: CalcItem['formulas'][number][] = [];
  const floorRoles: {
    roleIndex: number;
    levels: { level: number; js: (v: Inputs) => number }[];
  }[] = [];
  for (const roleIndex of roleIndexes) {
    const levels: { level: number; js: (v: Inputs) => number }[] = [];
    for (const level of [1, 2, 3]) {
      if (level === 2 && random() < 0.5) continue;
      if (level === 3 && random() < 0.6) continue;
      const { expression, js } = pick(byLevel(level)).make([
        coefficient(),
        coefficient(),
        coefficient(),
        coefficient(),
      ]);
      formulas.push({ roleId: roleIndex + 1, level, expression });
      levels.push({ level, js });
    }
    floorRoles.push({ roleIndex, levels: levels.reverse() });
  }
  floorFormulas.set(id, floorRoles);
  items.push({ id, groupId: pick(subGroups), phaseId: between(1, 5), attributes, formulas });
}
const model: StoryModel = { roles, items, groups };

function instanceValues(): AttributeValues {
  const values: Record<string, string | number | boolean> = {
    area: Math.round((5 + random() * 495) * 100) / 100,
  };
  if (random() < 0.8) values.count = between(1, 20);
  if (random() < 0.7) values.flag = random() < 0.5;
  if (random() < 0.7) values.quality = pick(['LOW', 'MID', 'HIGH']);
  if (random() < 0.6) values.height = Math.round((2 + random() * 2) * 100) / 100;
  if (random() < 0.6) values.floors = between(0, 10);
  if (random() < 0.5) values.urgent = random() < 0.3;
  if (random() < 0.5) values.finish = pick(['STD', 'PREMIUM']);
  return values;
}
const instances: CalcInstance[] = Array.from({ length: INSTANCES }, (_, index) => ({
  id: index + 1,
  itemId: between(1, ITEMS),
  level: between(1, 3),
  values: instanceValues(),
  optional: random() < 0.1,
  labelIds: Array.from({ length: between(0, 2) }, () => between(1, 12)),
}));

// ---- the floor: the same story as plain JavaScript -------------------------------------------------

interface FloorTotals {
  price: Scaled;
  mandays: Scaled;
  hours: Scaled;
}
function floorCalculate(story: readonly CalcInstance[]) {
  const rolePrices = roles.map((role) => parseDecimal(role.price) ?? 0);
  const roleTime = roles.map((role) =>
    role.unit === 'MANDAYS' ? 1 : role.unit === 'HOUR' ? 2 : 0,
  );
  const parents = new Map(groups.map((group) => [group.id, group.parentId]));
  const itemById = new Map(items.map((item) => [item.id, item]));
  const empty = (): FloorTotals => ({ price: 0, mandays: 0, hours: 0 });
  const main = empty();
  const optional = empty();
  const roleAmounts: Scaled[] = roles.map(() => 0);
  const roleCents: Scaled[] = roles.map(() => 0);
  const phases = new Map<number | null, FloorTotals>();
  const groupTotals = new Map<number | null, FloorTotals>();
  const labels = new Map<number, FloorTotals>();
  const add = (into: FloorTotals, price: Scaled, mandays: Scaled, hours: Scaled) => {
    into.price = addScaled(into.price, price);
    into.mandays = addScaled(into.mandays, mandays);
    into.hours = addScaled(into.hours, hours);
  };
  const at = <K>(map: Map<K, FloorTotals>, key: K) => {
    let totals = map.get(key);
    if (totals === undefined) map.set(key, (totals = empty()));
    return totals;
  };
  const byInstance: { price: string; mandays: number }[] = [];
  for (const instance of story) {
    const item = itemById.get(instance.itemId);
    const floorRoles = floorFormulas.get(instance.itemId);
    if (item === undefined || floorRoles === undefined) continue;
    const v = inputsOf(instance.values);
    let price: Scaled = 0;
    let mandays: Scaled = 0;
    let hours: Scaled = 0;
    const amounts: Scaled[] = [];
    const cents: Scaled[] = [];
    for (const { roleIndex, levels } of floorRoles) {
      const formula = levels.find((candidate) => candidate.level <= instance.level);
      const units =
        formula === undefined ? 0 : (roundToScaled(formula.js(v), AMOUNT_DECIMALS) ?? 0);
      const linePrice = linePriceCents(units, rolePrices[roleIndex] ?? 0);
      amounts.push(units);
      cents.push(linePrice);
      price = addScaled(price, linePrice);
      if (roleTime[roleIndex] === 1) mandays = addScaled(mandays, units);
      else if (roleTime[roleIndex] === 2) hours = addScaled(hours, units);
    }
    byInstance.push({ price: formatMoney(price), mandays: mandaysOf(mandays, hours) });
    if (instance.optional) {
      add(optional, price, mandays, hours);
      continue;
    }
    add(main, price, mandays, hours);
    floorRoles.forEach(({ roleIndex }, index) => {
      roleAmounts[roleIndex] = addScaled(roleAmounts[roleIndex] ?? 0, amounts[index] ?? 0);
      roleCents[roleIndex] = addScaled(roleCents[roleIndex] ?? 0, cents[index] ?? 0);
    });
    add(at(phases, item.phaseId), price, mandays, hours);
    for (
      let group = item.groupId;
      group !== null && group !== undefined;
      group = parents.get(group) ?? null
    ) {
      add(at(groupTotals, group), price, mandays, hours);
    }
    for (const label of new Set(instance.labelIds)) add(at(labels, label), price, mandays, hours);
  }
  const out = (totals: FloorTotals) => ({
    price: formatMoney(totals.price),
    mandays: mandaysOf(totals.mandays, totals.hours),
  });
  const sorted = <K extends number | null>(map: Map<K, FloorTotals>) =>
    [...map.entries()]
      .sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity))
      .map(([key, totals]) => [key, out(totals)] as const);
  return {
    total: out(main),
    optional: out(optional),
    byRole: roles.map((role, index) => ({
      roleId: role.id,
      amount: scaledToNumber(roleAmounts[index] ?? 0, AMOUNT_DECIMALS),
      price: formatMoney(roleCents[index] ?? 0),
    })),
    byPhase: sorted(phases).map(([phaseId, totals]) => ({ phaseId, ...totals })),
    byGroup: sorted(groupTotals).map(([groupId, totals]) => ({ groupId, ...totals })),
    byLabel: sorted(labels).map(([labelId, totals]) => ({ labelId, ...totals })),
    byInstance,
  };
}

// ---- measuring -------------------------------------------------------------------------------------

interface Timing {
  median: number;
  p95: number;
  /** Median CPU time of the process (user + system) per run: steadier on a shared machine. */
  cpu: number;
}

function summary(times: number[], cpu: number[]): Timing {
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    cpu: percentile(cpu, 0.5),
  };
}

/** Wall and CPU milliseconds of one call. */
function timed(run: () => unknown): [number, number] {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  run();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return [wall, (cpu.user + cpu.system) / 1000];
}

function measure(runs: number, run: (index: number) => unknown): Timing {
  for (let index = 0; index < WARM_UP; index += 1) run(index);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const [wall, used] = timed(() => run(index));
    times.push(wall);
    cpu.push(used);
  }
  return summary(times, cpu);
}

/** Two scenarios run alternately, so both see the same load on a shared machine. */
function measurePair(runs: number, first: () => unknown, second: () => unknown): [Timing, Timing] {
  for (let index = 0; index < WARM_UP; index += 1) {
    first();
    second();
  }
  const a: [number[], number[]] = [[], []];
  const b: [number[], number[]] = [[], []];
  for (let index = 0; index < runs; index += 1) {
    const [wallA, cpuA] = timed(first);
    a[0].push(wallA);
    a[1].push(cpuA);
    const [wallB, cpuB] = timed(second);
    b[0].push(wallB);
    b[1].push(cpuB);
  }
  return [summary(...a), summary(...b)];
}

function main(): void {
  const formulaCount = items.reduce((sum, item) => sum + item.formulas.length, 0);
  const calculator = createStoryCalculator(model);
  const first = calculator.calculate(instances);
  const lineCount = first.lines.length;

  // honesty check (once, not timed): the engine and the floor compute the same story
  const floor = floorCalculate(instances);
  const engineView = {
    total: first.total,
    optional: first.optional,
    byRole: first.byRole.map(({ roleId, amount, price }) => ({ roleId, amount, price })),
    byPhase: first.byPhase,
    byGroup: first.byGroup,
    byLabel: first.byLabel,
    byInstance: first.byInstance.map(({ price, mandays }) => ({ price, mandays })),
  };
  if (JSON.stringify(engineView) !== JSON.stringify(floor)) {
    throw new Error(
      `the engine and the floor disagree: ${JSON.stringify(engineView.total)} vs ${JSON.stringify(floor.total)}`,
    );
  }
  if (first.errors.length > 0) throw new Error(`unexpected errors: ${first.errors.length}`);

  const compile = measure(RUNS, () => createStoryCalculator(model));
  const [full, floorTimes] = measurePair(
    RUNS,
    () => calculator.calculate(instances),
    () => floorCalculate(instances),
  );
  calculator.calculate(instances);
  const instanceAt = (position: number): CalcInstance => {
    const instance = instances[position % instances.length];
    if (instance === undefined) throw new Error('no instances');
    return instance;
  };
  const update = measure(UPDATE_RUNS, (index) => {
    const target = instanceAt(index * 7919);
    const area = Math.round((5 + ((index * 37) % 495)) * 100) / 100;
    calculator.update({ ...target, values: { ...target.values, area } });
  });
  const readLines = measure(RUNS, () => calculator.calculate(instances).lines.length);
  const remove = measure(RUNS, (index) => {
    const target = instanceAt(index * 104_729);
    calculator.remove(target.id);
    calculator.update(target);
  });

  const fixed = (value: number) => value.toFixed(2).padStart(9);
  console.log(
    `\nStory calculation: ${ITEMS} items, ${roles.length} roles, ${formulaCount} formulas, ` +
      `${INSTANCES} instances (${lineCount} lines), Node ${process.version}`,
  );
  console.log(
    `${RUNS} runs (updates: ${UPDATE_RUNS}) after ${WARM_UP} warm-up runs; times in ms\n`,
  );
  console.log(
    `${'scenario'.padEnd(52)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'cpu median'.padStart(11)}`,
  );
  const rows: [string, Timing][] = [
    [`compile all formulas (createStoryCalculator)`, compile],
    ['full calculation (calculate)', full],
    ['hand-written JavaScript, same story (the floor)', floorTimes],
    ['update one instance (update)', update],
    ['remove and re-add one instance', remove],
    ['full calculation and reading every line', readLines],
  ];
  for (const [name, result] of rows) {
    console.log(
      `${name.padEnd(52)} ${fixed(result.median)} ${fixed(result.p95)} ${fixed(result.cpu).padStart(11)}`,
    );
  }
  console.log(
    `\nfull / floor: ${(full.median / floorTimes.median).toFixed(2)}x (median), ` +
      `${(full.cpu / floorTimes.cpu).toFixed(2)}x (cpu median); ` +
      `main total ${first.total.price}, ${first.total.mandays} mandays (engine = floor)`,
  );
}

main();
