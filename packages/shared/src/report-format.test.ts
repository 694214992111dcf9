// Report values are written as each locale reads them, with the decimals each kind of figure needs.
import { describe, expect, it } from 'vitest';
import { createValueFormatter } from './report-format';

describe('createValueFormatter', () => {
  it('writes a unit price with the four decimals the calculation multiplied with', () => {
    const cs = createValueFormatter({ locale: 'cs', currency: 'CZK' });
    expect(cs.value('33.3333', 'unitPrice')).toBe('33,3333\u00a0Kč');
    expect(cs.value('812.5', 'unitPrice')).toBe('812,50\u00a0Kč');
    const en = createValueFormatter({ locale: 'en', currency: 'EUR' });
    expect(en.value('1250.12345', 'unitPrice')).toBe('€1,250.1235');
  });

  it('keeps totals in cents and amounts to four decimals', () => {
    const cs = createValueFormatter({ locale: 'cs', currency: 'CZK' });
    expect(cs.value('33.3333', 'money')).toBe('33,33\u00a0Kč');
    expect(cs.value('1250.5', 'amount')).toBe('1\u00a0250,5');
    expect(cs.value('7.12345', 'mandays')).toBe('7,1235');
  });

  it('writes scores without a currency', () => {
    const score = createValueFormatter({ locale: 'en', currency: null });
    expect(score.value('12.5', 'unitPrice')).toBe('12.50');
    expect(score.value(null, 'unitPrice')).toBe('');
  });
});
