// Guards the translations: every key in both languages, no empty texts, plural forms per language.
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@costory/shared';
import { resources } from './resources';
import type { Resource } from './resource-types';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

interface Leaf {
  key: string;
  value: string;
}

function leaves(tree: Resource, prefix = ''): Leaf[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return typeof value === 'string' ? [{ key, value }] : leaves(value, key);
  });
}

function allLeaves(locale: Locale): Leaf[] {
  return Object.entries(resources[locale]).flatMap(([ns, tree]) => leaves(tree, `${ns}:`));
}

function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

function variables(value: string): string[] {
  return [...value.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1] ?? '').sort();
}

describe('translation resources', () => {
  it.each(LOCALES)('%s has no empty texts', (locale) => {
    const empty = allLeaves(locale).filter((leaf) => leaf.value.trim() === '');
    expect(empty.map((leaf) => leaf.key)).toEqual([]);
  });

  it('has the same keys in every language, ignoring plural suffixes', () => {
    const keySets = LOCALES.map((locale) => new Set(allLeaves(locale).map((l) => baseKey(l.key))));
    const union = new Set(keySets.flatMap((set) => [...set]));
    for (const [index, set] of keySets.entries()) {
      const missing = [...union].filter((key) => !set.has(key));
      expect({ locale: LOCALES[index], missing }).toEqual({ locale: LOCALES[index], missing: [] });
    }
  });

  it.each(LOCALES)('%s gives every counted text exactly its own plural forms', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.toSorted();
    const forms = new Map<string, string[]>();
    for (const { key } of allLeaves(locale)) {
      const suffix = PLURAL_SUFFIX.exec(key)?.[1];
      if (suffix) forms.set(baseKey(key), [...(forms.get(baseKey(key)) ?? []), suffix]);
    }
    expect(forms.size).toBeGreaterThan(0);
    for (const [key, found] of forms) {
      expect({ key, forms: found.toSorted() }).toEqual({ key, forms: categories });
    }
  });

  it.each(LOCALES)('%s words every text that counts ({{count}}) in plural forms', (locale) => {
    const unsuffixed = allLeaves(locale)
      .filter((leaf) => variables(leaf.value).includes('count') && !PLURAL_SUFFIX.test(leaf.key))
      .map((leaf) => `${leaf.key}: ${leaf.value}`);
    expect(unsuffixed).toEqual([]);
  });

  it('uses the same interpolation variables in every language', () => {
    const byKey = (locale: Locale) =>
      new Map(allLeaves(locale).map((leaf) => [baseKey(leaf.key), variables(leaf.value)]));
    const english = byKey('en');
    for (const locale of LOCALES) {
      for (const [key, vars] of byKey(locale)) {
        const expected = english.get(key)?.filter((name) => name !== 'count') ?? [];
        expect({ key, vars: vars.filter((name) => name !== 'count') }).toEqual({
          key,
          vars: expected,
        });
      }
    }
  });
});
