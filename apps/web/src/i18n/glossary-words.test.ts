// docs/glossary.md's "Words not used": no text of the interface, in either language, says them.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@costory/shared';
import {
  unusedWords,
  unusedWordsIn,
  withoutExceptions,
} from '@costory/shared/testing/glossary-words';
// eslint-disable-next-line no-restricted-imports -- docs/ is outside the app; the test reads the glossary as text.
import glossary from '../../../../docs/glossary.md?raw';
import { resources } from './resources';
import type { Resource } from './resource-types';

function leaves(tree: Resource, prefix: string): { key: string; value: string }[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix.endsWith(':') ? `${prefix}${name}` : `${prefix}.${name}`;
    return typeof value === 'string' ? [{ key, value }] : leaves(value, key);
  });
}

describe('the glossary’s words not used', () => {
  const rows = unusedWords(glossary);

  it('are listed, and each pattern matches the words it stands for', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      expect(row.locales.every((locale) => LOCALES.includes(locale))).toBe(true);
      for (const word of row.words) {
        expect({ word, matched: row.pattern.test(withoutExceptions(word, row.except)) }).toEqual({
          word,
          matched: true,
        });
      }
    }
  });

  it.each(LOCALES)('are in no %s text of the interface', (locale) => {
    const texts = Object.entries(resources[locale]).flatMap(([ns, tree]) => leaves(tree, `${ns}:`));
    const found = texts.flatMap(({ key, value }) =>
      unusedWordsIn(rows, locale, value).map((word) => `${key}: “${value}” says “${word}”`),
    );
    expect(found).toEqual([]);
  });
});
