// The calculation thread: answers from a worker thread of its own, keeps a story's calculator there between calls, and survives a calculation that throws.
import type { StoryCalculationDto } from '@costory/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { CalculationThread } from '../../src/modules/stories/calculation/calculation-thread';

/** The answer as the API's client reads it. */
const answerOf = (text: string) => JSON.parse(text) as StoryCalculationDto;

const model = {
  roles: [{ id: 1, unit: 'MANDAYS', price: '1000.0000' }],
  groups: [],
  items: [
    {
      id: 7,
      groupId: null,
      phaseId: null,
      attributes: [],
      formulas: [{ roleId: 1, level: 1, expression: '1.5' }],
    },
  ],
};
const instance = (id: number) => [id, 7, 1, {}, false, [], '0', '0', 0];

describe('CalculationThread', () => {
  let thread: CalculationThread;
  afterEach(() => thread.close());

  it('calculates on its worker, recalculating only new instances of a story it calculated before', async () => {
    thread = new CalculationThread();
    const first = await thread.calculate({
      storyId: 3,
      model,
      instancesText: JSON.stringify([instance(1), instance(2)]),
      withPrices: true,
    });
    expect(first.calculated).toBe('all');
    expect(answerOf(first.text).total).toEqual({ price: '3000.00', mandays: 3 });
    const second = await thread.calculate({
      storyId: 3,
      model,
      instancesText: JSON.stringify([instance(1), instance(2), instance(3)]),
      withPrices: true,
    });
    expect(second.calculated).toBe(1);
    expect(answerOf(second.text).total).toEqual({ price: '4500.00', mandays: 4.5 });
  });

  it('rejects a calculation that fails with its error and goes on calculating', async () => {
    thread = new CalculationThread();
    const input = { storyId: 4, model, withPrices: true };
    await expect(thread.calculate({ ...input, instancesText: '[not json' })).rejects.toThrow(
      /JSON/,
    );
    const answer = await thread.calculate({
      ...input,
      instancesText: JSON.stringify([instance(1)]),
    });
    expect(answerOf(answer.text).total.price).toBe('1500.00');
  });

  it('refuses to calculate once closed', async () => {
    thread = new CalculationThread();
    await thread.close();
    await expect(
      thread.calculate({ storyId: 5, model, instancesText: '[]', withPrices: true }),
    ).rejects.toThrow(/closed/);
  });
});
