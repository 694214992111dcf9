// Which language an answer is written in, from the Accept-Language header.
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from '../src/plugins/errors/request-locale';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['cs', 'cs'],
    ['cs-CZ', 'cs'],
    ['CS-cz,cs;q=0.9', 'cs'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9', 'en'],
    ['de-DE,cs;q=0.5', 'cs'],
    ['en;q=0.4, cs;q=0.8', 'cs'],
    ['cs;q=0, en;q=0.1', 'en'],
    ['*', 'en'],
  ] as const)('%s -> %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
