// Lineups side by side as pure data: per role each lineup's unit price, source and price, the lowest marked, totals and differences from the first, in exact cents.
import { compareScaled, formatMoney, parseMoney, subtractScaled, type Scaled } from '@costory/calc';
import { isUsedRole, type LineupPricing, type LineupRolePricing } from '@costory/shared';

export interface ComparisonCell {
  pricing: LineupRolePricing | undefined;
  /** The lowest price of the row, when the lineups do not all agree. */
  lowest: boolean;
}

export interface ComparisonRow {
  role: Pick<LineupRolePricing, 'roleId' | 'code' | 'name' | 'unit' | 'amount'>;
  cells: ComparisonCell[];
}

export interface LineupComparison {
  rows: ComparisonRow[];
  totals: { price: string; lowest: boolean }[];
  /** Each lineup's total minus the first lineup's ("0.00" for the first). */
  differences: string[];
}

/** Money as the API writes it ("-12.30") in exact cents (the calculation's own helper). */
function cents(money: string): Scaled {
  const parsed = parseMoney(money);
  if (parsed === null) throw new RangeError(`not money: ${JSON.stringify(money)}`);
  return parsed;
}

/** Marks the lowest values; none when every value is the same (nothing to choose). */
function lowestOf(values: readonly (Scaled | undefined)[]): boolean[] {
  const present = values.filter((value): value is Scaled => value !== undefined);
  const [first] = present;
  if (first === undefined || present.every((value) => compareScaled(value, first) === 0)) {
    return values.map(() => false);
  }
  const min = present.reduce((a, b) => (compareScaled(b, a) < 0 ? b : a));
  return values.map((value) => value !== undefined && compareScaled(value, min) === 0);
}

export function compareLineups(lineups: readonly LineupPricing[]): LineupComparison {
  const roles = new Map<number, ComparisonRow['role']>();
  for (const lineup of lineups) {
    for (const role of lineup.roles) if (!roles.has(role.roleId)) roles.set(role.roleId, role);
  }
  const byLineup = lineups.map((lineup) => new Map(lineup.roles.map((r) => [r.roleId, r])));
  // A role no lineup prices (the story does not use it) would be an empty line.
  const used = [...roles.values()].filter((role) =>
    byLineup.some((prices) => {
      const pricing = prices.get(role.roleId);
      return pricing !== undefined && isUsedRole(pricing);
    }),
  );
  const rows = used.map((role): ComparisonRow => {
    const pricings = byLineup.map((prices) => prices.get(role.roleId));
    const lowest = lowestOf(pricings.map((p) => (p === undefined ? undefined : cents(p.price))));
    return {
      role,
      cells: pricings.map((pricing, index) => ({ pricing, lowest: lowest[index] ?? false })),
    };
  });
  const totals = lineups.map((lineup) => cents(lineup.total.price));
  const lowestTotals = lowestOf(totals);
  const first = totals[0] ?? 0;
  return {
    rows,
    totals: lineups.map((lineup, index) => ({
      price: lineup.total.price,
      lowest: lowestTotals[index] ?? false,
    })),
    differences: totals.map((total) => formatMoney(subtractScaled(total, first))),
  };
}
