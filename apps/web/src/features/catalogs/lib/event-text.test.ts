import { describe, expect, it } from 'vitest';
import { resources } from '../../../i18n/resources';
import { EVENT_FIELDS, isEventField } from './event-text';

interface FieldTexts {
  events: { field: Record<string, string> };
}

describe('event fields', () => {
  // The server records formula saves and deletions as a change of the field "formulas".
  it.each(['attributes', 'formulas'])('knows the field %s', (field) => {
    expect(isEventField(field)).toBe(true);
  });

  it.each(['en', 'cs'] as const)('names every known field in %s', (locale) => {
    const texts = (resources[locale].catalogs as unknown as FieldTexts).events.field;
    for (const field of EVENT_FIELDS) expect(texts[field], field).toBeTruthy();
  });

  it('says "Vzorce" for formula changes in Czech', () => {
    const texts = (resources.cs.catalogs as unknown as FieldTexts).events.field;
    expect(texts.formulas).toBe('Vzorce');
  });
});
