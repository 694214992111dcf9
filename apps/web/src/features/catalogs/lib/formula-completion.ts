// Completion in the formula editor: the word being typed at the caret, the attributes, functions and keywords that
// fit it, and the text after one is chosen. Pure, so the rules are easy to follow and to test.
import { FORMULA_FUNCTIONS, FORMULA_KEYWORDS } from '@costory/calc';
import type { AttributeType } from '@costory/shared';

export type Suggestion =
  | {
      readonly kind: 'attribute';
      readonly label: string;
      readonly insert: string;
      readonly name: string;
      readonly level: number;
      readonly type: AttributeType;
    }
  | { readonly kind: 'function'; readonly label: string; readonly insert: string }
  | { readonly kind: 'keyword'; readonly label: string; readonly insert: string };

export interface CompletionAttribute {
  readonly code: string;
  /** The attribute's name in the user's language. */
  readonly name: string;
  readonly level: number;
  readonly type: AttributeType;
}

const MAX_SUGGESTIONS = 50;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
// A word that starts after anything but a letter, digit, underscore or dot (so `2e3` and `1.5` are no words).
const WORD_BEFORE_CARET = /(?<![\w.])[A-Za-z_]\w*$/;
const RESERVED: ReadonlySet<string> = new Set([
  ...FORMULA_KEYWORDS,
  ...FORMULA_FUNCTIONS.map((fn) => fn.name),
]);

/** How a formula names an attribute: its code, or `value("code")` when the code is no plain word. */
export function attributeReference(code: string): string {
  return IDENTIFIER.test(code) && !RESERVED.has(code) ? code : `value(${JSON.stringify(code)})`;
}

function insideText(text: string): boolean {
  let quote: string | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote !== null && char === '\\') index += 1;
    else if (quote !== null && char === quote) quote = null;
    else if (quote === null && (char === '"' || char === "'")) quote = char;
  }
  return quote !== null;
}

/**
 * The word being typed just before the caret and where it starts ('' right after an operator or
 * a space); null inside a quoted text, where nothing is completed.
 */
export function wordAtCaret(text: string, caret: number): { start: number; word: string } | null {
  const before = text.slice(0, caret);
  if (insideText(before)) return null;
  const word = WORD_BEFORE_CARET.exec(before)?.[0] ?? '';
  return { start: caret - word.length, word };
}

/** Attributes (only those the formula's level may read), functions and keywords starting with `word`. */
export function suggestionsFor(
  word: string,
  attributes: readonly CompletionAttribute[],
  formulaLevel: number,
): Suggestion[] {
  const prefix = word.toLowerCase();
  const fits = (candidate: string) => candidate.toLowerCase().startsWith(prefix);
  const suggestions: Suggestion[] = [
    ...attributes
      .filter((attribute) => attribute.level <= formulaLevel && fits(attribute.code))
      .map((attribute): Suggestion => ({
        kind: 'attribute',
        label: attribute.code,
        insert: attributeReference(attribute.code),
        name: attribute.name,
        level: attribute.level,
        type: attribute.type,
      })),
    ...FORMULA_FUNCTIONS.filter((fn) => fits(fn.name)).map((fn): Suggestion => ({
      kind: 'function',
      label: fn.signature,
      insert: `${fn.name}(`,
    })),
    ...FORMULA_KEYWORDS.filter(fits).map((keyword): Suggestion => ({
      kind: 'keyword',
      label: keyword,
      insert: keyword,
    })),
  ];
  // A word already typed out in full needs no list (and Enter must stay a new line then).
  if (suggestions.length === 1 && suggestions[0]?.insert === word) return [];
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

/** The text with the word from `start` to the caret replaced, and where the caret goes. */
export function applySuggestion(
  text: string,
  start: number,
  caret: number,
  insert: string,
): { text: string; caret: number } {
  return {
    text: text.slice(0, start) + insert + text.slice(caret),
    caret: start + insert.length,
  };
}
