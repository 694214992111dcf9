// The calculation worker's calculators: a story recalculated after changes answers exactly what a calculation from scratch answers, calculating only the instances that changed.
import { createStoryCalculator, type CalcInstance, type StoryModel } from '@costory/calc';
import type { StoryCalculationDto } from '@costory/shared';
import { describe, expect, it } from 'vitest';
import { calculationAnswerText } from '../../src/modules/stories/calculation/calculation-answer';
import { IncrementalCalculations } from '../../src/modules/stories/calculation/incremental-calculations';

/** The answer as the API's client reads it. */
const answerOf = (text: string) => JSON.parse(text) as StoryCalculationDto;

const number = (code: string) => ({
  code,
  level: 1,
  type: 'NUMBER' as const,
  mandatory: false,
  defaultValue: 1,
  enumCodes: [],
});

const model: StoryModel = {
  roles: [
    { id: 1, unit: 'MANDAYS', price: '8000.0000' },
    { id: 2, unit: 'HOUR', price: '950.5000' },
  ],
  groups: [
    { id: 10, parentId: null },
    { id: 11, parentId: 10 },
  ],
  items: [
    {
      id: 100,
      groupId: 11,
      phaseId: 5,
      attributes: [number('len'), number('depth')],
      formulas: [
        { roleId: 1, level: 1, expression: 'len * 0.25' },
        { roleId: 2, level: 2, expression: 'len * depth / 3' },
      ],
    },
    {
      id: 101,
      groupId: 10,
      phaseId: null,
      attributes: [number('count')],
      formulas: [{ roleId: 2, level: 1, expression: '10 / count' }],
    },
  ],
};

type Row = Omit<CalcInstance, 'values'> & { values: Record<string, number | null> };

/** The instances as the database's aggregate answers them (decimal text figures are not read). */
function asText(rows: readonly Row[]): string {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  return JSON.stringify(
    sorted.map((row) => [
      row.id,
      row.itemId,
      row.level,
      row.values,
      row.optional,
      row.labelIds,
      '0',
      '0',
      0,
    ]),
  );
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** What the engine answers calculating every instance with a calculator of its own. */
function fromScratch(rows: readonly Row[], withPrices = true): StoryCalculationDto {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  return answerOf(
    calculationAnswerText(createStoryCalculator(model).calculate(sorted), withPrices),
  );
}

describe('IncrementalCalculations', () => {
  it('answers what a calculation from scratch answers after each of 200 random changes, calculating only what changed', () => {
    const next = random(7);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    let nextId = 1;
    const newRow = (): Row => ({
      id: nextId++,
      itemId: pick([100, 101]),
      level: pick([1, 2]),
      optional: next() < 0.2,
      labelIds: next() < 0.5 ? [pick([1, 2, 3])] : [],
      // Zero counts make formula errors (division by zero), which must come and go too; a value
      // may be empty (null) or left out, when the attribute's default applies.
      values: {
        len: Math.round(next() * 40),
        ...(next() < 0.2 ? {} : { depth: next() < 0.1 ? null : Math.round(next() * 9) }),
        count: pick([0, 2, 4]),
      },
    });
    let rows: Row[] = Array.from({ length: 60 }, newRow);
    const calculations = new IncrementalCalculations(1_000);
    const calculate = () =>
      calculations.calculate({ storyId: 1, model, instancesText: asText(rows), withPrices: true });

    expect(calculate().calculated).toBe('all');
    for (let step = 0; step < 200; step += 1) {
      const change = pick(['add', 'edit', 'level', 'optional', 'label', 'remove', 'none']);
      const at = Math.floor(next() * rows.length);
      const row = rows[at];
      let changed = 1;
      if (change === 'add' || row === undefined) rows = [...rows, newRow()];
      else if (change === 'remove') rows = rows.filter((_, index) => index !== at);
      else if (change === 'none') changed = 0;
      else {
        const edited: Row =
          change === 'edit'
            ? {
                ...row,
                values: { ...row.values, len: (row.values.len ?? 0) + 1, count: pick([0, 3]) },
              }
            : change === 'level'
              ? { ...row, level: row.level === 1 ? 2 : 1 }
              : change === 'optional'
                ? { ...row, optional: !row.optional }
                : { ...row, labelIds: row.labelIds.length > 0 ? [] : [2, 3] };
        rows = rows.map((candidate, index) => (index === at ? edited : candidate));
      }
      const answer = calculate();
      expect(answerOf(answer.text)).toEqual(fromScratch(rows));
      if (step % 10 === 0) {
        const customer = calculations.calculate({
          storyId: 1,
          model,
          instancesText: asText(rows),
          withPrices: false,
        });
        expect(customer.calculated).toBe(0);
        expect(answerOf(customer.text)).toEqual(fromScratch(rows, false));
      }
      // A removal calculates nothing; an edit or an addition calculates that one instance.
      expect(answer.calculated).toBe(change === 'remove' ? 0 : changed);
    }
  });

  it('calculates in one pass when many instances changed at once (a label taken off all of them)', () => {
    const rows: Row[] = Array.from({ length: 300 }, (_, index) => ({
      id: index + 1,
      itemId: 101,
      level: 1,
      optional: false,
      labelIds: [4],
      values: { count: 2 },
    }));
    const calculations = new IncrementalCalculations(1_000);
    const input = { storyId: 1, model, instancesText: asText(rows), withPrices: true };
    calculations.calculate(input);
    const unlabelled = rows.map((row) => ({ ...row, labelIds: [] }));
    const answer = calculations.calculate({ ...input, instancesText: asText(unlabelled) });
    expect(answer.calculated).toBe('all');
    expect(answerOf(answer.text)).toEqual(fromScratch(unlabelled));
    expect(answerOf(answer.text).byLabel).toEqual([]);
  });

  it('keeps the instances in id order when one appears with an id below those it holds', () => {
    const row = (id: number): Row => ({
      id,
      itemId: 101,
      level: 1,
      optional: false,
      labelIds: [],
      values: { count: id },
    });
    const calculations = new IncrementalCalculations(1_000);
    const input = { storyId: 1, model, withPrices: true };
    calculations.calculate({ ...input, instancesText: asText([row(5), row(9)]) });
    const answer = calculations.calculate({
      ...input,
      instancesText: asText([row(5), row(7), row(9)]),
    });
    expect(answer.calculated).toBe('all');
    expect(answerOf(answer.text).byInstance.map((entry) => entry.instanceId)).toEqual([5, 7, 9]);
    expect(answerOf(answer.text)).toEqual(fromScratch([row(5), row(7), row(9)]));
  });

  it('starts over when the model changes (a new price), and answers a customer without prices', () => {
    const rows: Row[] = [
      { id: 1, itemId: 100, level: 2, optional: false, labelIds: [], values: { len: 8, depth: 3 } },
    ];
    const calculations = new IncrementalCalculations(1_000);
    const input = { storyId: 1, model, instancesText: asText(rows), withPrices: true };
    calculations.calculate(input);
    const repriced: StoryModel = {
      ...model,
      roles: [{ id: 1, unit: 'MANDAYS', price: '9000.0000' }, ...model.roles.slice(1)],
    };
    const answer = calculations.calculate({ ...input, model: repriced });
    expect(answer.calculated).toBe('all');
    expect(answerOf(answer.text).total).toEqual({ price: '25604.00', mandays: 3 });

    const customer = answerOf(
      calculations.calculate({ ...input, model: repriced, withPrices: false }).text,
    );
    expect(customer.total).toEqual({ price: null, mandays: 3 });
    expect(customer.byRole[0]).toMatchObject({ price: null, unitPrice: null });
  });

  it('keeps a frozen version’s calculator apart from its story’s (decision 0042)', () => {
    const row = (id: number, count: number): Row => ({
      id,
      itemId: 101,
      level: 1,
      optional: false,
      labelIds: [],
      values: { count },
    });
    const calculations = new IncrementalCalculations(1_000);
    const story = { storyId: 1, model, withPrices: true };
    const frozen = [row(1, 2), row(2, 3)];
    calculations.calculate({ ...story, instancesText: asText(frozen) });
    const version = { ...story, versionId: 7, instancesText: asText(frozen) };
    expect(calculations.calculate(version).calculated).toBe('all');
    const edited = [row(1, 2), row(2, 4)];
    // The story goes on from its own calculator: one instance changed.
    expect(calculations.calculate({ ...story, instancesText: asText(edited) }).calculated).toBe(1);
    // And the version's is still there, unchanged.
    const again = calculations.calculate(version);
    expect(again.calculated).toBe(0);
    expect(answerOf(again.text)).toEqual(fromScratch(frozen));
  });

  it('keeps calculators of at most its bound of instances, the least recently calculated going first', () => {
    const one: Row[] = [
      { id: 1, itemId: 101, level: 1, optional: false, labelIds: [], values: { count: 2 } },
    ];
    const calculations = new IncrementalCalculations(4); // two stories of one instance: each weighs its instances and one
    const calculate = (storyId: number) =>
      calculations.calculate({ storyId, model, instancesText: asText(one), withPrices: true })
        .calculated;
    expect(calculate(1)).toBe('all');
    expect(calculate(2)).toBe('all');
    expect(calculate(1)).toBe(0);
    expect(calculate(3)).toBe('all');
    // Story 2 was the least recently calculated when story 3 came.
    expect(calculate(2)).toBe('all');
    expect(calculate(3)).toBe(0);
  });
});
