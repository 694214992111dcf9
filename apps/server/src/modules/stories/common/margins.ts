// What a member without READ_MARGINS (a customer, decision 0033) reads of the story's money: amounts and time, never the catalog's prices, totals made of them, or formulas.
import { storyRoleAllows, type StoryCalculationDto, type StoryMemberRole } from '@costory/shared';

/** Whether the member reads the catalog's and suppliers' prices, price sources and formulas. */
export function readsMargins(access: { role: StoryMemberRole }): boolean {
  return storyRoleAllows(access.role, 'READ_MARGINS');
}

/** The entry without its price: the story's own prices are the catalog's. */
export function withoutPrice<T extends { price: string | null }>(entry: T): T {
  return { ...entry, price: null };
}

/** The calculation with amounts and time only: no prices, unit prices or formulas. */
export function calculationWithoutPrices(calculation: StoryCalculationDto): StoryCalculationDto {
  return {
    total: withoutPrice(calculation.total),
    optional: withoutPrice(calculation.optional),
    byRole: calculation.byRole.map((role) => ({ ...role, price: null, unitPrice: null })),
    byPhase: calculation.byPhase.map(withoutPrice),
    byGroup: calculation.byGroup.map(withoutPrice),
    byLabel: calculation.byLabel.map(withoutPrice),
    byInstance: calculation.byInstance.map(withoutPrice),
    errors: calculation.errors.map((entry) => ({ ...entry, unitPrice: null, expression: null })),
  };
}
