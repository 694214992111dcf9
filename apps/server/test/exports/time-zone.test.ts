// The report's date is the user's: a time in their zone with its offset, the product's home zone for unknown names.
import { describe, expect, it } from 'vitest';
import { knownTimeZone, localIsoString } from '../../src/modules/exports/time-zone';

describe('report time zone', () => {
  it('writes the local time with the offset, so half past midnight in Prague is already the next day', () => {
    expect(localIsoString(new Date('2026-11-23T23:30:00Z'), 'Europe/Prague')).toBe(
      '2026-11-24T00:30:00+01:00',
    );
    expect(localIsoString(new Date('2026-07-01T22:15:05Z'), 'Europe/Prague')).toBe(
      '2026-07-02T00:15:05+02:00',
    );
    expect(localIsoString(new Date('2026-07-01T22:15:05Z'), 'UTC')).toBe(
      '2026-07-01T22:15:05+00:00',
    );
  });

  it('falls back to Europe/Prague for a missing or unknown zone', () => {
    expect(knownTimeZone(undefined)).toBe('Europe/Prague');
    expect(knownTimeZone('Mars/Olympus')).toBe('Europe/Prague');
    expect(knownTimeZone('America/New_York')).toBe('America/New_York');
  });
});
