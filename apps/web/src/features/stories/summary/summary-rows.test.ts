// The summaries' row shaping: phases in catalog order, the group tree from flat subtotals, shares and chart buckets.
import { describe, expect, it } from 'vitest';
import type { LocalizedText } from '@costory/shared';
import { createCalculation, createStoryCatalog } from '../test/story-fixtures';
import {
  branchKeys,
  chartData,
  groupTree,
  instanceRows,
  MAX_CHART_BARS,
  phaseRows,
  shareOf,
  visibleNodes,
} from './summary-rows';

const english = (text: LocalizedText | null | undefined) => text?.en ?? '';

describe('summary rows', () => {
  it('orders phases by position and puts items without a phase last', () => {
    const catalog = createStoryCatalog({
      phases: [
        { id: 4, code: 'BUILD', name: { en: 'Build' }, position: 2 },
        { id: 5, code: 'PLAN', name: { en: 'Plan' }, position: 1 },
      ],
    });
    const calculation = createCalculation({
      total: { price: '100.00', mandays: 3 },
      byPhase: [
        { phaseId: null, price: '10.00', mandays: 1 },
        { phaseId: 4, price: '60.00', mandays: 1 },
        { phaseId: 5, price: '30.00', mandays: 1 },
      ],
    });
    const rows = phaseRows(calculation, catalog, english, 'None');
    expect(rows.map((row) => [row.name, row.share])).toEqual([
      ['Plan', 0.3],
      ['Build', 0.6],
      ['None', 0.1],
    ]);
  });

  it('builds the group tree from flat subtotals, leaving out groups without instances', () => {
    const catalog = createStoryCatalog({
      groups: [
        { id: 1, parentId: null, code: 'A', name: { en: 'A' } },
        { id: 2, parentId: 1, code: 'A1', name: { en: 'A1' } },
        { id: 3, parentId: 2, code: 'A11', name: { en: 'A11' } },
        { id: 4, parentId: null, code: 'B', name: { en: 'B' } },
      ],
    });
    const calculation = createCalculation({
      total: { price: '50.00', mandays: 0 },
      byGroup: [
        { groupId: 1, price: '50.00', mandays: 0 },
        { groupId: 2, price: '20.00', mandays: 0 },
        { groupId: 3, price: '20.00', mandays: 0 },
      ],
    });
    const roots = groupTree(calculation, catalog, english, 'None');
    expect(roots.map((node) => node.name)).toEqual(['A']);
    expect(branchKeys(roots)).toEqual(['group-1', 'group-2']);
    expect(
      visibleNodes(roots, new Set(['group-1'])).map((node) => [node.name, node.depth]),
    ).toEqual([
      ['A', 0],
      ['A1', 1],
    ]);
    expect(visibleNodes(roots, new Set(branchKeys(roots))).map((node) => node.price)).toEqual([
      '50.00',
      '20.00',
      '20.00',
    ]);
  });

  it('takes shares of each table’s own total and none of a zero total', () => {
    expect(shareOf('25.00', '100.00')).toBe(0.25);
    expect(shareOf('0.00', '0.00')).toBeNull();
    const { main, optional } = instanceRows(
      createCalculation({
        total: { price: '100.00', mandays: 0 },
        optional: { price: '40.00', mandays: 0 },
        byInstance: [
          { instanceId: 1, optional: false, errorCount: 0, price: '100.00', mandays: 0 },
          { instanceId: 2, optional: true, errorCount: 0, price: '10.00', mandays: 0 },
        ],
      }),
    );
    expect(main.map((row) => row.share)).toEqual([1]);
    expect(optional.map((row) => row.share)).toEqual([0.25]);
  });

  it('charts the largest values and sums the rest into one bar', () => {
    const rows = Array.from({ length: MAX_CHART_BARS + 3 }, (_, index) => ({
      name: `R${index}`,
      value: index,
    }));
    const data = chartData(rows, (count) => `${count} others`);
    expect(data).toHaveLength(MAX_CHART_BARS);
    expect(data[0]).toEqual({ name: `R${MAX_CHART_BARS + 2}`, value: MAX_CHART_BARS + 2 });
    // R0 is zero and left out; the nine largest keep their bars and R1..R3 share the last one.
    expect(data.at(-1)).toEqual({ name: '3 others', value: 1 + 2 + 3 });
  });
});
