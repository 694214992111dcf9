// docs/glossary.md's "Words not used": no text the server sends (problem details, field names, mails,
// pages, report texts) nor a shared validation message says them, in either language. A text is
// every string written under an `en` or `cs` key (or in a constant named so) in the source.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@costory/shared';
import { unusedWords, unusedWordsIn } from '@costory/shared/testing/glossary-words';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = ['apps/server/src', 'packages/shared/src'];

/** A string written in one language, and where. */
interface Text {
  where: string;
  locale: Locale;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(`${ROOT}${dir}`, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function isLocale(name: string): name is Locale {
  return (LOCALES as readonly string[]).includes(name);
}

/** The language a string is written in: that of the nearest `en:`/`cs:` key or `const en`/`cs`. */
function localeOf(node: ts.Node): Locale | undefined {
  for (let parent = node.parent; parent !== undefined; parent = parent.parent) {
    if (
      (ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) &&
      ts.isIdentifier(parent.name) &&
      isLocale(parent.name.text)
    ) {
      return parent.name.text;
    }
  }
  return undefined;
}

/** A string's words; a template's inserted values read "…". */
function wordsOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `…${span.literal.text}`).join('');
  }
  return undefined;
}

function isKey(node: ts.Node): boolean {
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined) return false;
  return (
    ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
      parent.name === node) ||
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isElementAccessExpression(parent) ||
    ts.isLiteralTypeNode(parent)
  );
}

function textsOf(path: string): Text[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(`${ROOT}${path}`, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const texts: Text[] = [];
  const visit = (node: ts.Node): void => {
    const text = isKey(node) ? undefined : wordsOf(node);
    const locale = text === undefined ? undefined : localeOf(node);
    if (text !== undefined && locale !== undefined) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      texts.push({ where: `${path}:${String(line)}`, locale, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

describe('the glossary’s words not used, in the server’s texts', () => {
  const rows = unusedWords(readFileSync(`${ROOT}docs/glossary.md`, 'utf8'));
  const texts = SOURCES.flatMap(sourceFiles).flatMap(textsOf);

  it('are read from the glossary, and the texts from the report texts, messages and mails', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const said = (locale: Locale, text: string) =>
      texts.some((found) => found.locale === locale && found.text === text);
    // A quote document captions the company it is for as the glossary names it.
    expect(said('en', 'Subscriber')).toBe(true);
    expect(said('cs', 'Odběratel')).toBe(true);
    expect(said('cs', 'Souhrn podle skupin katalogu')).toBe(true);
    expect(said('en', 'Some fields are not valid.')).toBe(true);
    expect(said('cs', 'Pole {field} je povinné')).toBe(true);
    expect(texts.filter((found) => found.where.includes('-mail.ts')).length).toBeGreaterThan(20);
  });

  it.each(LOCALES)('are in no %s text', (locale) => {
    const found = texts
      .filter((text) => text.locale === locale)
      .flatMap(({ where, text }) =>
        unusedWordsIn(rows, locale, text).map((word) => `${where}: “${text}” says “${word}”`),
      );
    expect(found).toEqual([]);
  });
});
