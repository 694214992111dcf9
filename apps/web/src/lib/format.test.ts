// Number, money and date formats in English and Czech.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';

const NBSP = '\u00a0';

describe('formatNumber', () => {
  it('groups thousands and uses the decimal mark of the language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'cs')).toBe(`1${NBSP}234,5`);
  });

  it('keeps every digit of a decimal string', () => {
    expect(formatNumber('1234567.891234567891', 'en')).toBe('1,234,567.891234567891');
    expect(formatNumber('0.1', 'cs')).toBe('0,1');
  });

  it('honours explicit options', () => {
    expect(formatNumber(2, 'cs', { minimumFractionDigits: 2 })).toBe('2,00');
  });
});

describe('formatMoney', () => {
  it('places the currency as each language expects', () => {
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney('1234.5', 'CZK', 'cs')).toBe(`1${NBSP}234,50${NBSP}Kč`);
  });
});

describe('formatDate', () => {
  const moment = '2024-03-05T10:00:00Z';

  it('writes dates in the order of the language', () => {
    expect(formatDate(moment, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('5 Mar 2024');
    expect(formatDate(moment, 'cs', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('5. 3. 2024');
  });

  it('adds the time for date-times', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 30), 'en')).toBe('5 Mar 2024, 14:30');
    expect(formatDateTime(new Date(2024, 2, 5, 14, 30), 'cs')).toBe('5. 3. 2024 14:30');
  });
});
