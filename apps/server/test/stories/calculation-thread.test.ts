// The calculation thread: answers large stories from a worker thread of its own, keeping a story's calculator there between calls, small ones on the caller's thread alike, and survives a calculation that throws.
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
const story = (storyId: number, ...ids: number[]) => ({
  storyId,
  model,
  instancesText: JSON.stringify(ids.map(instance)),
  withPrices: true,
});

describe('CalculationThread', () => {
  let thread: CalculationThread;
  afterEach(() => thread.close());

  it('calculates a large story on its worker, then only the instances added since', async () => {
    thread = new CalculationThread({ threadFromInstances: 2 });
    const first = await thread.calculate(story(3, 1, 2), 2);
    expect(first.calculated).toBe('all');
    expect(answerOf(first.text).total).toEqual({ price: '3000.00', mandays: 3 });
    const second = await thread.calculate(story(3, 1, 2, 3), 3);
    expect(second.calculated).toBe(1);
    expect(answerOf(second.text).total).toEqual({ price: '4500.00', mandays: 4.5 });
    // The calling thread never calculated the story: asked there, it calculates every instance.
    expect((await thread.calculate(story(3, 1, 2, 3), 1)).calculated).toBe('all');
  });

  it('calculates a small story on the calling thread, incrementally too', async () => {
    thread = new CalculationThread({ threadFromInstances: 10 });
    expect((await thread.calculate(story(3, 1), 1)).calculated).toBe('all');
    const again = await thread.calculate(story(3, 1, 2), 2);
    expect(again.calculated).toBe(1);
    expect(answerOf(again.text).total.price).toBe('3000.00');
  });

  it('prices lineups on the worker, each with its own prices', async () => {
    thread = new CalculationThread({ threadFromInstances: 0 });
    const roles = [
      {
        id: 1,
        code: 'DEV',
        name: { en: 'Developer' },
        unit: 'MANDAYS' as const,
        price: '1000.0000',
      },
    ];
    const [catalog, custom] = await thread.priceLineups(
      {
        model,
        instancesText: JSON.stringify([instance(1)]),
        lineups: [
          { roles, supplierPrices: new Map(), customPrices: new Map() },
          { roles, supplierPrices: new Map([[1, '900']]), customPrices: new Map([[1, '1200']]) },
        ],
      },
      1,
    );
    expect(catalog?.total.price).toBe('1500.00');
    expect(custom?.total.price).toBe('1800.00');
    expect(custom?.roles[0]).toMatchObject({ source: 'CUSTOM', supplierPrice: '900' });
  });

  it('rejects a calculation that fails with its error and goes on calculating', async () => {
    thread = new CalculationThread({ threadFromInstances: 0 });
    await expect(thread.calculate({ ...story(4), instancesText: '[not json' }, 1)).rejects.toThrow(
      /JSON/,
    );
    const answer = await thread.calculate(story(4, 1), 1);
    expect(answerOf(answer.text).total.price).toBe('1500.00');
  });

  it('refuses to calculate once closed', async () => {
    thread = new CalculationThread({ threadFromInstances: 0 });
    await thread.close();
    await expect(thread.calculate(story(5), 0)).rejects.toThrow(/closed/);
  });
});
