// What an instance's calculation stores: its price, its exact time in mandays and its number of errors.
import {
  addScaled,
  amountToScaled,
  divideRounded,
  formatScaled,
  multiplyScaled,
  parseDecimal,
  scaledToNumber,
  type CalcLine,
  type CalcRole,
  type Scaled,
} from '@costory/calc';

/** Decimals of a stored instance time: MANDAYS amounts (4) + HOUR amounts (4) / 8 is exact in 7. */
const EXACT_MANDAY_DECIMALS = 7;

export interface InstanceFigures {
  /** Money with 2 decimals (the sum of the instance's line prices). */
  price: string;
  /** Exact time in mandays, 7 decimals (MANDAYS amounts + HOUR amounts / 8). */
  mandays: string;
  errorCount: number;
}

export type RoleUnits = ReadonlyMap<number, string>;

export function roleUnitsOf(roles: readonly Pick<CalcRole, 'id' | 'unit'>[]): RoleUnits {
  return new Map(roles.map((role) => [role.id, role.unit]));
}

/**
 * The exact time of an instance's lines: the sum of their MANDAYS amounts and their HOUR amounts
 * divided by 8, unrounded (7 decimals), so that a sum over instances rounded once to 4 decimals
 * equals the calculation's total.
 */
export function exactMandays(lines: readonly CalcLine[], units: RoleUnits): string {
  let mandays: Scaled = 0;
  let hours: Scaled = 0;
  for (const line of lines) {
    const unit = units.get(line.roleId);
    if (unit !== 'MANDAYS' && unit !== 'HOUR') continue;
    const amount = amountToScaled(line.amount) ?? 0;
    if (unit === 'MANDAYS') mandays = addScaled(mandays, amount);
    else hours = addScaled(hours, amount);
  }
  // (mandays + hours / 8) in units of 1/80,000 = (8 mandays + hours); x 125 is units of 10^-7.
  const eighths = addScaled(multiplyScaled(mandays, 8), hours);
  return formatScaled(multiplyScaled(eighths, 125), EXACT_MANDAY_DECIMALS);
}

/** A stored exact time as the API shows it: rounded half away from zero to 4 decimals. */
export function displayMandays(stored: string): number {
  const units = parseDecimal(stored, EXACT_MANDAY_DECIMALS);
  if (units === null) return Number(stored);
  return scaledToNumber(divideRounded(units, 1000), 4);
}

/** The figures of one instance from its lines (the instance calculation or the story's). */
export function figuresOf(
  lines: readonly CalcLine[],
  price: string,
  errorCount: number,
  units: RoleUnits,
): InstanceFigures {
  return { price, mandays: exactMandays(lines, units), errorCount };
}
