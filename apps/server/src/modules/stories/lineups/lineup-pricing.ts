// Prices a story the lineup's way (design.md §4): per role the custom price, else the supplier's, else the catalog's, then the story calculated with those unit prices.
import {
  createStoryCalculator,
  type CalcInstance,
  type StoryCalculation,
  type StoryModel,
  type Totals,
} from '@costory/calc';
import { unpricedInstanceCount, type LineupRolePricing, type PriceSource } from '@costory/shared';
import { fromNumericText } from '../../../lib/decimal';
import type { CatalogRoleRow } from '../../../db/schema';
import { parseCalcInstances } from '../calculation/calc-instances-text';

export interface ResolvedPrice {
  unitPrice: string;
  source: PriceSource;
}

/** The first price that is set, in the order custom, supplier, catalog. */
export function resolveUnitPrice(
  catalogPrice: string,
  supplierPrice: string | null,
  customPrice: string | null,
): ResolvedPrice {
  if (customPrice !== null) return { unitPrice: customPrice, source: 'CUSTOM' };
  if (supplierPrice !== null) return { unitPrice: supplierPrice, source: 'SUPPLIER' };
  return { unitPrice: catalogPrice, source: 'CATALOG' };
}

/** What pricing one lineup needs: the catalog's roles and the prices that may replace theirs. */
export interface LineupPriceInput {
  roles: readonly Pick<CatalogRoleRow, 'id' | 'code' | 'name' | 'unit' | 'price'>[];
  /** Role id -> the supplier's price (NUMERIC text). */
  supplierPrices: ReadonlyMap<number, string>;
  /** Role id -> the lineup's custom price (NUMERIC text). */
  customPrices: ReadonlyMap<number, string>;
}

/** A role priced for the lineup's editors: every candidate price and the source are known. */
export type PricedRole = LineupRolePricing & { catalogPrice: string; source: PriceSource };

export interface PricedLineup {
  calculation: StoryCalculation;
  roles: PricedRole[];
}

/**
 * What the lineup API answers of a priced lineup: its totals, errors and roles, as plain data (the
 * engine's calculation stays on the thread that made it).
 */
export interface LineupFigures {
  total: Totals;
  optional: Totals;
  errorCount: number;
  unpricedInstances: number;
  roles: PricedRole[];
}

function lineupFiguresOf(priced: PricedLineup): LineupFigures {
  const { calculation, roles } = priced;
  return {
    total: calculation.total,
    optional: calculation.optional,
    errorCount: calculation.errors.length,
    unpricedInstances: unpricedInstanceCount(calculation),
    roles,
  };
}

/**
 * The story calculated with the lineup's unit prices. Amounts do not depend on prices, but each
 * line's price is rounded to cents on its own, so the calculation runs again rather than
 * multiplying role totals: a lineup without any replaced price equals the story's summary.
 */
export function priceLineup(
  model: StoryModel,
  instances: readonly CalcInstance[],
  input: LineupPriceInput,
): PricedLineup {
  const resolved = input.roles.map((role) => {
    const supplierPrice = input.supplierPrices.get(role.id);
    const customPrice = input.customPrices.get(role.id);
    return {
      role,
      catalogPrice: fromNumericText(role.price),
      supplierPrice: supplierPrice === undefined ? null : fromNumericText(supplierPrice),
      customPrice: customPrice === undefined ? null : fromNumericText(customPrice),
    };
  });
  const unitPrices: Record<number, string> = {};
  const sources = new Map<number, ResolvedPrice>();
  for (const entry of resolved) {
    const price = resolveUnitPrice(entry.catalogPrice, entry.supplierPrice, entry.customPrice);
    sources.set(entry.role.id, price);
    if (price.source !== 'CATALOG') unitPrices[entry.role.id] = price.unitPrice;
  }
  const calculation = createStoryCalculator({ ...model, unitPrices }).calculate(instances);
  const totals = new Map(calculation.byRole.map((role) => [role.roleId, role]));
  const roles = resolved.map((entry): PricedRole => {
    const price = sources.get(entry.role.id) ?? resolveUnitPrice(entry.catalogPrice, null, null);
    const total = totals.get(entry.role.id);
    return {
      roleId: entry.role.id,
      code: entry.role.code,
      name: entry.role.name,
      unit: entry.role.unit,
      amount: total?.amount ?? 0,
      catalogPrice: entry.catalogPrice,
      supplierPrice: entry.supplierPrice,
      customPrice: entry.customPrice,
      unitPrice: price.unitPrice,
      source: price.source,
      price: total?.price ?? '0.00',
      mandays: total?.mandays ?? 0,
    };
  });
  return { calculation, roles };
}

/** Lineups of one story to price, with the story's model and its instances as the database reads them. */
export interface LineupsPricingInput {
  model: StoryModel;
  /** The instances as `loadCalcInstancesText` reads them (parsed where the pricing runs). */
  instancesText: string;
  lineups: readonly LineupPriceInput[];
}

/** Each lineup's figures, in the order given: one calculation per lineup. */
export function priceLineups(input: LineupsPricingInput): LineupFigures[] {
  const instances = parseCalcInstances(input.instancesText);
  return input.lineups.map((lineup) =>
    lineupFiguresOf(priceLineup(input.model, instances, lineup)),
  );
}
