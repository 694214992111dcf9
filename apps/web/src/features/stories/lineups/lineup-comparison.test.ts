// The comparison of lineups: the lowest price per role, totals and differences from the first lineup to the cent.
import { describe, expect, it } from 'vitest';
import type { LineupPricing, LineupRolePricing } from '@costory/shared';
import { compareLineups } from './lineup-comparison';

function role(
  roleId: number,
  price: string,
  source: LineupRolePricing['source'],
): LineupRolePricing {
  return {
    roleId,
    code: `R${roleId}`,
    name: { en: `Role ${roleId}` },
    unit: 'MANDAYS',
    amount: 6,
    catalogPrice: '812.35',
    supplierPrice: null,
    customPrice: null,
    unitPrice: '1',
    source,
    price,
    mandays: 6,
  };
}

function lineup(id: number, total: string, roles: LineupRolePricing[]): LineupPricing {
  return {
    id,
    storyId: 1,
    name: `Quote ${id}`,
    description: '',
    supplier: { id: 1, name: 'S' },
    subscriber: { id: 2, name: 'C' },
    customPrices: [],
    sharedWith: [],
    total: { price: total, mandays: 9.5 },
    optional: { price: '0.00', mandays: 0 },
    errorCount: 0,
    unpricedInstances: 0,
    version: 0,
    createdAt: '',
    updatedAt: '',
    currency: 'CZK',
    roles,
  };
}

describe('compareLineups', () => {
  it('marks the lowest price per role and total, and each total’s difference from the first', () => {
    const comparison = compareLineups([
      lineup(1, '7200.00', [role(1, '5400.00', 'SUPPLIER'), role(2, '800.00', 'CUSTOM')]),
      lineup(2, '6861.01', [role(1, '5103.01', 'CUSTOM'), role(2, '758.00', 'CATALOG')]),
      lineup(3, '7200.10', [role(1, '5400.10', 'SUPPLIER'), role(2, '800.00', 'CUSTOM')]),
    ]);
    expect(comparison.rows.map((row) => row.cells.map((cell) => cell.lowest))).toEqual([
      [false, true, false],
      [false, true, false],
    ]);
    expect(comparison.totals.map((total) => total.lowest)).toEqual([false, true, false]);
    expect(comparison.differences).toEqual(['0.00', '-338.99', '0.10']);
  });

  it('marks nothing when every lineup prices a role the same', () => {
    const comparison = compareLineups([
      lineup(1, '100.00', [role(1, '100.00', 'CATALOG')]),
      lineup(2, '100.00', [role(1, '100.00', 'CATALOG')]),
    ]);
    expect(comparison.rows[0]?.cells.map((cell) => cell.lowest)).toEqual([false, false]);
    expect(comparison.totals.map((total) => total.lowest)).toEqual([false, false]);
    expect(comparison.differences).toEqual(['0.00', '0.00']);
  });

  it('leaves out roles that no lineup prices', () => {
    const unused = { ...role(2, '0.00', 'CATALOG'), amount: 0, mandays: 0 };
    const comparison = compareLineups([
      lineup(1, '100.00', [role(1, '100.00', 'CATALOG'), unused]),
      lineup(2, '90.00', [role(1, '90.00', 'CUSTOM'), unused]),
    ]);
    expect(comparison.rows.map((row) => row.role.roleId)).toEqual([1]);
  });

  it('subtracts exactly beyond the range of binary floats', () => {
    const comparison = compareLineups([
      lineup(1, '90071992547409.93', []),
      lineup(2, '90071992547410.01', []),
    ]);
    expect(comparison.differences).toEqual(['0.00', '0.08']);
  });
});
