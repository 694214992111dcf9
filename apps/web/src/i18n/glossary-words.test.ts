// docs/glossary.md's "Words not used": no text of the interface, in either language, says them.
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@costory/shared';
// eslint-disable-next-line no-restricted-imports -- docs/ is outside the app; the test reads the glossary as text.
import glossary from '../../../../docs/glossary.md?raw';
import { resources } from './resources';
import type { Resource } from './resource-types';

interface UnusedWord {
  words: string[];
  locales: Locale[];
  pattern: RegExp;
  except: string[];
}

/** The rows of the glossary's "Words not used" table (`\|` is a pipe inside a cell). */
function unusedWords(): UnusedWord[] {
  const section = glossary.split('## Words not used')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (Not used|-)/.test(line))
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('\\|', '|')),
    )
    .map(([words = '', languages = '', pattern = '', , except = '']) => {
      const literal = /^`\/(.+)\/([a-z]*)`$/.exec(pattern);
      if (!literal) throw new Error(`Not a /pattern/ in docs/glossary.md: ${pattern}`);
      return {
        words: words.split(', '),
        locales: languages.split(', ') as Locale[],
        pattern: new RegExp(literal[1] ?? '', literal[2]),
        except: [...except.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
      };
    });
}

/** The text without the allowed phrases (whole words, exact case). */
function withoutExceptions(text: string, except: readonly string[]): string {
  return except.reduce(
    (rest, phrase) =>
      rest.replace(
        new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'gu'),
        ' ',
      ),
    text,
  );
}

function leaves(tree: Resource, prefix: string): { key: string; value: string }[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix.endsWith(':') ? `${prefix}${name}` : `${prefix}.${name}`;
    return typeof value === 'string' ? [{ key, value }] : leaves(value, key);
  });
}

describe('the glossary’s words not used', () => {
  const rows = unusedWords();

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
      rows
        .filter((row) => row.locales.includes(locale))
        .flatMap((row) => row.pattern.exec(withoutExceptions(value, row.except))?.[0] ?? [])
        .map((word) => `${key}: “${value}” says “${word}”`),
    );
    expect(found).toEqual([]);
  });
});
