// Decimal prices as text both ways: what users type (comma or dot) into NUMERIC, and NUMERIC back into a short string.

/** "1 200,50" is not accepted by the rules; "+1200,50" becomes "1200.50" for a NUMERIC column. */
export function toNumericText(typed: string): string {
  return typed.trim().replace(',', '.').replace(/^\+/, '');
}

/** NUMERIC as PostgreSQL prints it ("1200.5000") without the trailing zeros ("1200.5"). */
export function fromNumericText(stored: string): string {
  if (!stored.includes('.')) return stored;
  return stored.replace(/0+$/, '').replace(/\.$/, '');
}
