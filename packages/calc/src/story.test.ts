// The story calculation: a worked example computed by hand, formula choice by level, unit prices,
// optional instances, group/phase/label totals, errors, and incremental updates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateInstance, createStoryCalculator } from './story';
import type {
  CalcInstance,
  CalcItem,
  FormulaAttribute,
  StoryCalculation,
  StoryModel,
} from './types';

function attribute(
  code: string,
  type: FormulaAttribute['type'],
  extra: Partial<FormulaAttribute> = {},
): FormulaAttribute {
  return { code, level: 1, type, mandatory: false, defaultValue: null, enumCodes: [], ...extra };
}

// ---- the worked example ---------------------------------------------------------------------------
//
// Roles: 1 developer (MANDAYS, 8000.0000), 2 electrician (HOUR, 650.5000).
// Groups: 1000 (top) > 100; 200 (top). Phases 7, 8. Labels 5, 6.
//
// Item 10 "wall" (group 100, phase 7): area NUMBER L1 mandatory, finish ENUM L1 (PAINT|TILE,
//   default PAINT), height NUMBER L2 (default 2.5).
//   role 1 L1: area * 0.05       role 1 L2: area * height * 0.02 + is(finish, "TILE") * 0.5
//   role 2 L1: if(finish == "TILE", area * 0.4, 2)
// Item 20 "sockets" (group 200, phase 8): count INTEGER L1 mandatory, outdoor BOOLEAN L1.
//   role 1 L1: round(count / 3, 1)   role 2 L1: count * 0.75 + outdoor * 1.5
// Item 30 "survey" (no group, no phase): days NUMBER L1 (default 1).  role 1 L1: days
//
// I1 wall L1, area 40, TILE, labels [5]:
//   role 1: 40 * 0.05 = 2 MD → 2 × 8000 = 16000.00; role 2: 40 * 0.4 = 16 h → 10408.00
//   total 26408.00, time 2 + 16/8 = 4
// I2 wall L2, area 12.5, height 2.7, finish missing → PAINT, labels [5, 6]:
//   role 1 (L2): 12.5 * 2.7 * 0.02 + 0 = 0.675 MD → 5400.00; role 2 (L1): 2 h → 1301.00
//   total 6701.00, time 0.675 + 0.25 = 0.925
// I3 sockets L1, count 7, outdoor, labels [6]:
//   role 1: round(2.333…, 1) = 2.3 MD → 18400.00; role 2: 5.25 + 1.5 = 6.75 h → 4390.875 → 4390.88
//   total 22790.88, time 2.3 + 0.84375 = 3.14375 → 3.1438
// I4 survey L1, days 3, OPTIONAL: 3 MD → 24000.00, time 3
// I5 wall L1, area -10, labels [5]: role 1: -0.5 → NEGATIVE_RESULT (0); role 2: PAINT → 2 h → 1301.00
//   total 1301.00, time 0.25, one error
//
// Main (I1 I2 I3 I5): 26408.00 + 6701.00 + 22790.88 + 1301.00 = 57200.88
//   time: MD 2 + 0.675 + 2.3 = 4.975; h 16 + 2 + 6.75 + 2 = 26.75 → 3.34375; 8.31875 → 8.3188
// Roles: 1: 4.975 MD, 39800.00, time 4.975; 2: 26.75 h, 17400.88, time 3.34375 → 3.3438
// Phase 7 = group 100 = group 1000 = label 5 (I1 I2 I5): 34410.00, MD 2.675 + h 20/8 = 5.175
// Phase 8 = group 200 (I3): 22790.88, 3.1438
// Label 6 (I2 I3): 29491.88, MD 2.975 + h 8.75/8 = 4.06875 → 4.0688
// Optional: 24000.00, 3

const wall: CalcItem = {
  id: 10,
  groupId: 100,
  phaseId: 7,
  attributes: [
    attribute('area', 'NUMBER', { mandatory: true }),
    attribute('finish', 'ENUM', { enumCodes: ['PAINT', 'TILE'], defaultValue: 'PAINT' }),
    attribute('height', 'NUMBER', { level: 2, defaultValue: 2.5 }),
  ],
  formulas: [
    { roleId: 1, level: 1, expression: 'area * 0.05' },
    { roleId: 1, level: 2, expression: 'area * height * 0.02 + is(finish, "TILE") * 0.5' },
    { roleId: 2, level: 1, expression: 'if(finish == "TILE", area * 0.4, 2)' },
  ],
};
const sockets: CalcItem = {
  id: 20,
  groupId: 200,
  phaseId: 8,
  attributes: [attribute('count', 'INTEGER', { mandatory: true }), attribute('outdoor', 'BOOLEAN')],
  formulas: [
    { roleId: 2, level: 1, expression: 'count * 0.75 + outdoor * 1.5' },
    { roleId: 1, level: 1, expression: 'round(count / 3, 1)' },
  ],
};
const survey: CalcItem = {
  id: 30,
  groupId: null,
  phaseId: null,
  attributes: [attribute('days', 'NUMBER', { defaultValue: 1 })],
  formulas: [{ roleId: 1, level: 1, expression: 'days' }],
};

const model: StoryModel = {
  roles: [
    { id: 1, unit: 'MANDAYS', price: '8000.0000' },
    { id: 2, unit: 'HOUR', price: '650.5000' },
  ],
  items: [wall, sockets, survey],
  groups: [
    { id: 1000, parentId: null },
    { id: 100, parentId: 1000 },
    { id: 200, parentId: null },
  ],
};

function instance(
  id: number,
  itemId: number,
  level: number,
  values: CalcInstance['values'],
  extra: Partial<CalcInstance> = {},
): CalcInstance {
  return { id, itemId, level, values, optional: false, labelIds: [], ...extra };
}

const instances: CalcInstance[] = [
  instance(1, 10, 1, { area: 40, finish: 'TILE' }, { labelIds: [5] }),
  instance(2, 10, 2, { area: 12.5, height: 2.7 }, { labelIds: [5, 6] }),
  instance(3, 20, 1, { count: 7, outdoor: true }, { labelIds: [6] }),
  instance(4, 30, 1, { days: 3 }, { optional: true, labelIds: [5] }),
  instance(5, 10, 1, { area: -10 }, { labelIds: [5] }),
];

describe('story calculation: the worked example', () => {
  const result = createStoryCalculator(model).calculate(instances);

  it('main and optional totals', () => {
    expect(result.total).toEqual({ price: '57200.88', mandays: 8.3188 });
    expect(result.optional).toEqual({ price: '24000.00', mandays: 3 });
  });

  it('totals per role', () => {
    expect(result.byRole).toEqual([
      { roleId: 1, amount: 4.975, unitPrice: '8000.0000', price: '39800.00', mandays: 4.975 },
      { roleId: 2, amount: 26.75, unitPrice: '650.5000', price: '17400.88', mandays: 3.3438 },
    ]);
  });

  it('totals per phase, group (with ancestors) and label', () => {
    expect(result.byPhase).toEqual([
      { phaseId: 7, price: '34410.00', mandays: 5.175 },
      { phaseId: 8, price: '22790.88', mandays: 3.1438 },
    ]);
    expect(result.byGroup).toEqual([
      { groupId: 100, price: '34410.00', mandays: 5.175 },
      { groupId: 200, price: '22790.88', mandays: 3.1438 },
      { groupId: 1000, price: '34410.00', mandays: 5.175 },
    ]);
    expect(result.byLabel).toEqual([
      { labelId: 5, price: '34410.00', mandays: 5.175 },
      { labelId: 6, price: '29491.88', mandays: 4.0688 },
    ]);
  });

  it('totals per instance, optional ones marked, errors counted', () => {
    expect(result.byInstance).toEqual([
      { instanceId: 1, optional: false, errorCount: 0, price: '26408.00', mandays: 4 },
      { instanceId: 2, optional: false, errorCount: 0, price: '6701.00', mandays: 0.925 },
      { instanceId: 3, optional: false, errorCount: 0, price: '22790.88', mandays: 3.1438 },
      { instanceId: 4, optional: true, errorCount: 0, price: '24000.00', mandays: 3 },
      { instanceId: 5, optional: false, errorCount: 1, price: '1301.00', mandays: 0.25 },
    ]);
  });

  it('one line per instance and role the item has formulas for', () => {
    expect(result.lines).toEqual([
      { instanceId: 1, roleId: 1, amount: 2, unitPrice: '8000.0000', price: '16000.00' },
      { instanceId: 1, roleId: 2, amount: 16, unitPrice: '650.5000', price: '10408.00' },
      { instanceId: 2, roleId: 1, amount: 0.675, unitPrice: '8000.0000', price: '5400.00' },
      { instanceId: 2, roleId: 2, amount: 2, unitPrice: '650.5000', price: '1301.00' },
      { instanceId: 3, roleId: 1, amount: 2.3, unitPrice: '8000.0000', price: '18400.00' },
      { instanceId: 3, roleId: 2, amount: 6.75, unitPrice: '650.5000', price: '4390.88' },
      { instanceId: 4, roleId: 1, amount: 3, unitPrice: '8000.0000', price: '24000.00' },
      {
        instanceId: 5,
        roleId: 1,
        amount: 0,
        unitPrice: '8000.0000',
        price: '0.00',
        error: { code: 'NEGATIVE_RESULT' },
      },
      { instanceId: 5, roleId: 2, amount: 2, unitPrice: '650.5000', price: '1301.00' },
    ]);
  });

  it('errors with their inputs after defaults', () => {
    expect(result.errors).toEqual([
      {
        instanceId: 5,
        itemId: 10,
        roleId: 1,
        level: 1,
        inputs: { area: -10 },
        unitPrice: '8000.0000',
        expression: 'area * 0.05',
        error: { code: 'NEGATIVE_RESULT' },
      },
    ]);
  });

  it('every total equals the sum of the lines it covers', () => {
    const cents = (money: string) => Math.round(Number(money) * 100);
    const main = result.lines.filter((line) => line.instanceId !== 4);
    expect(main.reduce((sum, line) => sum + cents(line.price), 0)).toBe(cents(result.total.price));
  });

  it('serializes with its lines and errors (they are built on first read)', () => {
    const parsed = JSON.parse(JSON.stringify(result)) as StoryCalculation;
    expect(parsed.lines).toHaveLength(9);
    expect(parsed.errors).toHaveLength(1);
    expect(result.lines).toBe(result.lines);
  });
});

describe('story calculation: rules', () => {
  it('chooses per role the formula of the highest level <= the instance level', () => {
    const item: CalcItem = {
      id: 1,
      groupId: null,
      phaseId: null,
      attributes: [],
      formulas: [
        { roleId: 1, level: 3, expression: '30' },
        { roleId: 1, level: 1, expression: '10' },
        { roleId: 2, level: 2, expression: '2' },
      ],
    };
    const calculator = createStoryCalculator({ ...model, items: [item] });
    const amounts = (level: number) =>
      calculator
        .calculate([instance(1, 1, level, {})])
        .lines.map((line) => [line.roleId, line.amount, line.error?.code ?? null]);
    expect(amounts(1)).toEqual([
      [1, 10, null],
      [2, 0, null],
    ]);
    expect(amounts(2)).toEqual([
      [1, 10, null],
      [2, 2, null],
    ]);
    expect(amounts(3)).toEqual([
      [1, 30, null],
      [2, 2, null],
    ]);
    expect(amounts(7)).toEqual([
      [1, 30, null],
      [2, 2, null],
    ]);
    expect(amounts(0)).toEqual([
      [1, 0, null],
      [2, 0, null],
    ]);
  });

  it('uses the unit price override of a role, else the role price', () => {
    const result = createStoryCalculator({ ...model, unitPrices: { 2: '700' } }).calculate([
      instances[0] as CalcInstance,
    ]);
    expect(result.lines.map((line) => [line.unitPrice, line.price])).toEqual([
      ['8000.0000', '16000.00'],
      ['700.0000', '11200.00'],
    ]);
    expect(result.total.price).toBe('27200.00');
  });

  it('refuses a unit price that is not a decimal with up to 4 decimals', () => {
    expect(() => createStoryCalculator({ ...model, unitPrices: { 1: '1.23456' } })).toThrow(
      RangeError,
    );
    expect(() =>
      createStoryCalculator({ ...model, roles: [{ id: 1, unit: 'HOUR', price: 'abc' }] }),
    ).toThrow(RangeError);
  });

  it('keeps time apart for MANDAYS and HOUR and counts other units as no time', () => {
    const item: CalcItem = {
      id: 1,
      groupId: null,
      phaseId: null,
      attributes: [],
      formulas: [
        { roleId: 1, level: 1, expression: '1.5' },
        { roleId: 2, level: 1, expression: '4' },
        { roleId: 3, level: 1, expression: '10' },
      ],
    };
    const result = createStoryCalculator({
      roles: [...model.roles, { id: 3, unit: 'M2', price: '12.3450' }],
      items: [item],
      groups: [],
    }).calculate([instance(1, 1, 1, {})]);
    expect(result.total).toEqual({ price: '14725.45', mandays: 2 });
    expect(result.byRole.map((role) => role.mandays)).toEqual([1.5, 0.5, 0]);
  });

  it('INVALID_FORMULA for a formula that no longer passes its checks, with all inputs', () => {
    const item: CalcItem = {
      id: 1,
      groupId: null,
      phaseId: null,
      attributes: [attribute('a', 'NUMBER', { defaultValue: 4 }), attribute('b', 'TEXT')],
      formulas: [{ roleId: 1, level: 1, expression: 'a * wall' }],
    };
    const result = createStoryCalculator({ ...model, items: [item] }).calculate([
      instance(1, 1, 1, { b: 'x' }),
    ]);
    expect(result.errors).toEqual([
      {
        instanceId: 1,
        itemId: 1,
        roleId: 1,
        level: 1,
        inputs: { a: 4, b: 'x' },
        unitPrice: '8000.0000',
        expression: 'a * wall',
        error: { code: 'INVALID_FORMULA' },
      },
    ]);
    expect(result.byInstance[0]).toMatchObject({ errorCount: 1, price: '0.00' });
  });

  it('reports missing values with null inputs and counts every failing role', () => {
    const result = createStoryCalculator(model).calculate([instance(1, 20, 1, {})]);
    expect(result.errors.map((entry) => [entry.roleId, entry.error, entry.inputs])).toEqual([
      [1, { code: 'MISSING_VALUE', attribute: 'count' }, { count: null }],
      [2, { code: 'MISSING_VALUE', attribute: 'count' }, { count: null, outdoor: null }],
    ]);
    expect(result.byInstance[0]?.errorCount).toBe(2);
  });

  it('an instance of an unknown item has no lines and no totals', () => {
    const result = createStoryCalculator(model).calculate([instance(1, 999, 1, {})]);
    expect(result.lines).toEqual([]);
    expect(result.total).toEqual({ price: '0.00', mandays: 0 });
    expect(result.byInstance).toHaveLength(1);
  });

  it('counts an instance once under each of its labels, even when listed twice', () => {
    const result = createStoryCalculator(model).calculate([
      instance(1, 30, 1, {}, { labelIds: [5, 5, 6] }),
    ]);
    expect(result.byLabel).toEqual([
      { labelId: 5, price: '8000.00', mandays: 1 },
      { labelId: 6, price: '8000.00', mandays: 1 },
    ]);
  });

  it('lists no phase, group or label that only optional instances use', () => {
    const result = createStoryCalculator(model).calculate([
      instance(1, 10, 1, { area: 1 }, { optional: true, labelIds: [5] }),
    ]);
    expect(result.byPhase).toEqual([]);
    expect(result.byGroup).toEqual([]);
    expect(result.byLabel).toEqual([]);
    expect(result.optional.price).toBe('1701.00');
  });

  it('lists items without group or phase under null, last', () => {
    const result = createStoryCalculator(model).calculate([
      instance(1, 30, 1, {}),
      instance(2, 20, 1, { count: 3 }),
    ]);
    expect(result.byPhase.map((entry) => entry.phaseId)).toEqual([8, null]);
    expect(result.byGroup.map((entry) => entry.groupId)).toEqual([200, null]);
  });

  it('survives a cycle in the group tree', () => {
    const result = createStoryCalculator({
      ...model,
      groups: [
        { id: 100, parentId: 1000 },
        { id: 1000, parentId: 100 },
      ],
    }).calculate([instance(1, 10, 1, { area: 20 })]);
    expect(result.byGroup.map((entry) => entry.groupId)).toEqual([100, 1000]);
  });

  it('goes exact beyond 2^53 cents', () => {
    const item: CalcItem = {
      id: 1,
      groupId: null,
      phaseId: null,
      attributes: [attribute('n', 'NUMBER')],
      formulas: [{ roleId: 1, level: 1, expression: 'n' }],
    };
    const calculator = createStoryCalculator({
      roles: [{ id: 1, unit: 'MANDAYS', price: '9999999.9999' }],
      items: [item],
      groups: [],
    });
    const result = calculator.calculate([
      instance(1, 1, 1, { n: 99999999.1234 }),
      instance(2, 1, 1, { n: 0.0001 }),
      instance(3, 1, 1, { n: 99999999.1234 }),
    ]);
    // 99999999.1234 × 9999999.9999 = 999999991224000.00008766 (beyond 2^53 cents)
    // 0.0001 × 9999999.9999 = 999.99999999 → 1000.00
    expect(result.lines.map((line) => line.price)).toEqual([
      '999999991224000.00',
      '1000.00',
      '999999991224000.00',
    ]);
    expect(result.total.price).toBe('1999999982449000.00');
    expect(calculator.remove(1).total.price).toBe('999999991225000.00');
  });

  it('refuses a line priced above a quadrillion as TOO_LARGE, which adds nothing', () => {
    const item: CalcItem = {
      id: 1,
      groupId: null,
      phaseId: null,
      attributes: [attribute('n', 'NUMBER')],
      formulas: [{ roleId: 1, level: 1, expression: 'n' }],
    };
    const calculator = createStoryCalculator({
      roles: [{ id: 1, unit: 'MANDAYS', price: '99999999999999.9999' }],
      items: [item],
      groups: [],
    });
    const result = calculator.calculate([
      instance(1, 1, 1, { n: 123456789.1234 }),
      instance(2, 1, 1, { n: 0.0001 }),
    ]);
    expect(result.errors.map((error) => [error.instanceId, error.error.code])).toEqual([
      [1, 'TOO_LARGE'],
    ]);
    expect(result.total.price).toBe('10000000000.00');
  });
});

describe('calculateInstance', () => {
  it('gives one instance its lines, total and errors', () => {
    const result = calculateInstance(model, instances[4] as CalcInstance);
    expect(result.total).toEqual({ price: '1301.00', mandays: 0.25 });
    expect(result.lines.map((line) => line.price)).toEqual(['0.00', '1301.00']);
    expect(result.errors.map((entry) => entry.error.code)).toEqual(['NEGATIVE_RESULT']);
  });

  it('totals an optional instance too', () => {
    expect(calculateInstance(model, instances[3] as CalcInstance).total).toEqual({
      price: '24000.00',
      mandays: 3,
    });
  });

  it('has no lines for an item the model does not hold', () => {
    expect(calculateInstance(model, instance(1, 999, 1, {}))).toEqual({
      lines: [],
      total: { price: '0.00', mandays: 0 },
      errors: [],
    });
  });
});

describe('incremental updates', () => {
  function snapshot(calculation: StoryCalculation): unknown {
    return JSON.parse(JSON.stringify(calculation));
  }

  it('update and remove give what a full calculation gives', () => {
    const calculator = createStoryCalculator(model);
    calculator.calculate(instances);
    const changed = instance(3, 20, 1, { count: 12, outdoor: false }, { labelIds: [5] });
    const updated = calculator.update(changed);
    const expected = createStoryCalculator(model).calculate(
      instances.map((candidate) => (candidate.id === 3 ? changed : candidate)),
    );
    expect(snapshot(updated)).toEqual(snapshot(expected));
    const removed = calculator.remove(1);
    expect(snapshot(removed)).toEqual(
      snapshot(
        createStoryCalculator(model).calculate(
          instances
            .filter((candidate) => candidate.id !== 1)
            .map((candidate) => (candidate.id === 3 ? changed : candidate)),
        ),
      ),
    );
  });

  it('earlier results stay as they were', () => {
    const calculator = createStoryCalculator(model);
    const before = calculator.calculate(instances);
    const json = JSON.stringify(before);
    calculator.update(instance(1, 10, 1, { area: 1000 }));
    calculator.remove(2);
    expect(JSON.stringify(before)).toBe(json);
  });

  it('update adds a new instance at the end; remove of an unknown id changes nothing', () => {
    const calculator = createStoryCalculator(model);
    calculator.calculate(instances.slice(0, 2));
    const added = calculator.update(instance(9, 30, 1, {}));
    expect(added.byInstance.map((entry) => entry.instanceId)).toEqual([1, 2, 9]);
    expect(snapshot(calculator.remove(12345))).toEqual(snapshot(added));
  });

  it('a caller that changes an instance object in place cannot disturb the totals', () => {
    const mutable = {
      ...instance(7, 10, 1, { area: 10 }),
      labelIds: [5],
      values: { area: 10 } as Record<string, number>,
    };
    const calculator = createStoryCalculator(model);
    calculator.calculate([mutable]);
    mutable.optional = true;
    mutable.labelIds.push(6);
    mutable.values.area = 20;
    const updated = calculator.update(mutable);
    const expected = createStoryCalculator(model).calculate([
      instance(7, 10, 1, { area: 20 }, { optional: true, labelIds: [5, 6] }),
    ]);
    expect(snapshot(updated)).toEqual(snapshot(expected));
  });

  it('many removes (the instance order is compacted) still equal a full calculation', () => {
    const many = Array.from({ length: 300 }, (_, index) =>
      instance(index + 1, [10, 20, 30][index % 3] ?? 10, 1 + (index % 2), {
        area: index + 1,
        count: index % 7,
      }),
    );
    const calculator = createStoryCalculator(model);
    calculator.calculate(many);
    let last = calculator.remove(1);
    for (let id = 2; id <= 250; id += 1) last = calculator.remove(id);
    last = calculator.update(instance(1, 30, 1, { days: 2 }));
    const expected = createStoryCalculator(model).calculate([
      ...many.slice(250),
      instance(1, 30, 1, { days: 2 }),
    ]);
    expect(snapshot(last)).toEqual(snapshot(expected));
    expect(last.byInstance.map((entry) => entry.instanceId).slice(0, 3)).toEqual([251, 252, 253]);
  });

  const instanceArbitrary = fc.record({
    id: fc.integer({ min: 1, max: 12 }),
    itemId: fc.constantFrom(10, 20, 30, 99),
    level: fc.integer({ min: 0, max: 3 }),
    optional: fc.boolean(),
    labelIds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    values: fc.record(
      {
        area: fc.oneof(fc.double({ min: -5, max: 500, noNaN: true }), fc.constant(null)),
        height: fc.double({ min: 0, max: 5, noNaN: true }),
        finish: fc.constantFrom('PAINT', 'TILE', 'WOOD'),
        count: fc.integer({ min: -3, max: 50 }),
        outdoor: fc.boolean(),
        days: fc.double({ min: 0, max: 20, noNaN: true }),
      },
      { requiredKeys: [] },
    ),
  });
  const operation = fc.oneof(
    instanceArbitrary.map((value) => ({ kind: 'update' as const, instance: value })),
    fc.integer({ min: 1, max: 12 }).map((id) => ({ kind: 'remove' as const, id })),
  );

  it('any sequence of updates and removes equals a full recalculation', () => {
    fc.assert(
      fc.property(
        fc.array(instanceArbitrary, { maxLength: 10 }),
        fc.array(operation, { maxLength: 12 }),
        (initial, operations) => {
          const calculator = createStoryCalculator(model);
          calculator.calculate(initial);
          // the reference: the instance list kept by id, in first-seen order
          const current = new Map<number, CalcInstance>();
          for (const value of initial) current.set(value.id, value);
          let last: StoryCalculation | null = null;
          for (const step of operations) {
            if (step.kind === 'update') {
              current.set(step.instance.id, step.instance);
              last = calculator.update(step.instance);
            } else {
              current.delete(step.id);
              last = calculator.remove(step.id);
            }
          }
          if (last === null) return;
          const full = createStoryCalculator(model).calculate([...current.values()]);
          expect(snapshot(last)).toEqual(snapshot(full));
        },
      ),
      { numRuns: 150 },
    );
  }, 30_000);
});
