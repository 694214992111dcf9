// The warm-up formats with the tag the app's figures use, so the locale data it loads is the one they need.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpFormatting } from './warm-up-formatting';

afterEach(() => vi.unstubAllGlobals());

describe('warmUpFormatting', () => {
  it('formats a number and a date with the interface language’s tag', () => {
    const tags: unknown[] = [];
    const RealNumberFormat = Intl.NumberFormat;
    const RealDateTimeFormat = Intl.DateTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      NumberFormat: class extends RealNumberFormat {
        constructor(tag?: string, options?: Intl.NumberFormatOptions) {
          super(tag, options);
          tags.push(['number', tag]);
        }
      },
      DateTimeFormat: class extends RealDateTimeFormat {
        constructor(tag?: string, options?: Intl.DateTimeFormatOptions) {
          super(tag, options);
          tags.push(['date', tag]);
        }
      },
    });
    warmUpFormatting('cs');
    expect(tags).toEqual([
      ['number', 'cs-CZ'],
      ['date', 'cs-CZ'],
    ]);
  });
});
