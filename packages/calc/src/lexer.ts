// The formula lexer (decisions 0021, 0037): tokens with source offsets, refusal of everything
// outside the language before parsing, and the nesting check that bounds the recursive parser.
import { MAX_FORMULA_DEPTH } from './language';
import type { FormulaIssue } from './types';

export type OperatorText =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'and'
  | 'or'
  | 'not'
  | '?'
  | ':'
  | '('
  | ')'
  | ',';

export type Token =
  | {
      readonly kind: 'number';
      readonly start: number;
      readonly end: number;
      readonly value: number;
    }
  | { readonly kind: 'text'; readonly start: number; readonly end: number; readonly value: string }
  | {
      readonly kind: 'boolean';
      readonly start: number;
      readonly end: number;
      readonly value: boolean;
    }
  | { readonly kind: 'name'; readonly start: number; readonly end: number; readonly value: string }
  | {
      readonly kind: 'operator';
      readonly start: number;
      readonly end: number;
      readonly value: OperatorText;
    };

export interface LexResult {
  readonly tokens: readonly Token[];
  /** SYNTAX, NOT_ALLOWED and TOO_DEEP found without parsing. */
  readonly issues: readonly FormulaIssue[];
}

/** Operators of the language; 3, then 2, then 1 character is tried, as mathjs' tokenizer did. */
const ALLOWED_OPERATORS: ReadonlySet<string> = new Set([
  '==',
  '!=',
  '<=',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '<',
  '>',
  '?',
  ':',
  '(',
  ')',
  ',',
]);
/**
 * Delimiters mathjs read (matrices, indexes, bit operators, assignment…): NOT_ALLOWED rather than
 * SYNTAX, so a formula that tries them is told that the language does not have them.
 */
const REFUSED_DELIMITERS3: ReadonlySet<string> = new Set(['>>>']);
const REFUSED_DELIMITERS2: ReadonlySet<string> = new Set([
  '.*',
  './',
  '.^',
  '^|',
  '?.',
  '??',
  '<<',
  '>>',
]);
const REFUSED_DELIMITERS1: ReadonlySet<string> = new Set([
  '[',
  ']',
  '{',
  '}',
  ';',
  '~',
  '!',
  '&',
  '|',
  '=',
  '#',
]);
/** Words mathjs read as operators or constants that the language does not have. */
const REFUSED_WORDS: ReadonlySet<string> = new Set([
  'mod',
  'xor',
  'to',
  'in',
  'null',
  'undefined',
  'NaN',
  'Infinity',
]);
const WORD_OPERATORS: ReadonlySet<string> = new Set(['and', 'or', 'not']);

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/**
 * Name letters as mathjs had them: latin (with accents), greek, letter-like symbols, `_`, `$`,
 * math letters.
 */
function isLatinOrGreek(c: string): boolean {
  return /^[a-zA-Z_$\u00C0-\u02AF\u0370-\u03FF\u2100-\u214F]$/.test(c);
}
function isMathSymbol(high: string, low: string): boolean {
  return (
    /^[\uD835]$/.test(high) &&
    /^[\uDC00-\uDFFF]$/.test(low) &&
    /^[^\uDC55\uDC9D\uDCA0\uDCA1\uDCA3\uDCA4\uDCA7\uDCA8\uDCAD\uDCBA\uDCBC\uDCC4\uDD06\uDD0B\uDD0C\uDD15\uDD1D\uDD3A\uDD3F\uDD45\uDD47-\uDD49\uDD51\uDEA6\uDEA7\uDFCC\uDFCD]$/.test(
      low,
    )
  );
}
function isAlpha(source: string, index: number): boolean {
  const c = source.charAt(index);
  return (
    isLatinOrGreek(c) ||
    isMathSymbol(c, source.charAt(index + 1)) ||
    isMathSymbol(source.charAt(index - 1), c)
  );
}

function isWhitespace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\u00A0' || c === '\n' || c === '\r';
}

/** A decimal mark: a dot that does not start `.*`, `./` or `.^` (refused operators). */
function isDecimalMark(c: string, next: string): boolean {
  return c === '.' && next !== '/' && next !== '*' && next !== '^';
}

const STRING_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function issue(
  code: FormulaIssue['code'],
  start: number,
  end: number,
  params: Record<string, string | number>,
): FormulaIssue {
  return { code, start, end, params };
}

/** Shortens what an issue quotes so a message stays readable. */
export function excerpt(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}

/**
 * Nesting measured on the tokens, before parsing: open parentheses (calls included), open
 * conditionals of each parenthesis level (`?` until the level's `,` or `)`), chains of `^` and
 * runs of prefix operators. Every one of them is an ancestor in the tree of the token where it
 * is counted, so this never exceeds the tree depth checked after parsing; it bounds how deep the
 * recursive parser can go.
 */
class NestingMeter {
  private readonly levels: { carried: number; conditionals: number; powers: number }[] = [
    { carried: 0, conditionals: 0, powers: 0 },
  ];
  private base = 0;
  private prefixRun = 0;
  private top(): { carried: number; conditionals: number; powers: number } {
    // levels always holds the root level
    return this.levels[this.levels.length - 1] ?? { carried: 0, conditionals: 0, powers: 0 };
  }
  private resetPowers(): void {
    const level = this.top();
    this.base -= level.powers;
    level.powers = 0;
  }
  /** Returns the depth at this token. */
  step(token: Token, prefix: boolean): number {
    if (token.kind !== 'operator') {
      const depth = this.base + this.prefixRun;
      this.prefixRun = 0;
      return depth;
    }
    switch (token.value) {
      case '(': {
        const carried = this.prefixRun;
        this.prefixRun = 0;
        this.levels.push({ carried, conditionals: 0, powers: 0 });
        this.base += carried + 1;
        return this.base;
      }
      case ')': {
        const depth = this.base;
        if (this.levels.length > 1) {
          const level = this.top();
          this.base -= 1 + level.carried + level.conditionals + level.powers;
          this.levels.pop();
        }
        this.prefixRun = 0;
        return depth;
      }
      case ',': {
        const level = this.top();
        this.base -= level.conditionals + level.powers;
        level.conditionals = 0;
        level.powers = 0;
        this.prefixRun = 0;
        return this.base;
      }
      case '?':
        this.resetPowers();
        this.top().conditionals += 1;
        this.base += 1;
        this.prefixRun = 0;
        return this.base;
      case '^':
        this.top().powers += 1;
        this.base += 1;
        this.prefixRun = 0;
        return this.base;
      case 'not':
        this.prefixRun += 1;
        return this.base + this.prefixRun;
      case '+':
      case '-':
        if (prefix) {
          this.prefixRun += 1;
          return this.base + this.prefixRun;
        }
        this.resetPowers();
        this.prefixRun = 0;
        return this.base;
      default:
        this.resetPowers();
        this.prefixRun = 0;
        return this.base;
    }
  }
}

/** Whether a `+`/`-` after `previous` is a prefix (unary) operator. */
function prefixPosition(previous: Token | undefined): boolean {
  if (previous === undefined) return true;
  if (previous.kind !== 'operator') return false;
  return previous.value !== ')';
}

/**
 * Reads the source with mathjs' token rules (the language's since decision 0021), keeping
 * offsets. What mathjs read that the language does not have (`[`, `.`, `=`, `;`, `!`, `mod`,
 * `NaN`, hexadecimal numbers…) is NOT_ALLOWED; characters mathjs could not read and malformed
 * numbers or texts are SYNTAX.
 */
export function lex(source: string): LexResult {
  const tokens: Token[] = [];
  const issues: FormulaIssue[] = [];
  const meter = new NestingMeter();
  let tooDeep = false;
  let index = 0;
  const length = source.length;

  const push = (token: Token): void => {
    const depth = meter.step(token, prefixPosition(tokens[tokens.length - 1]));
    tokens.push(token);
    if (!tooDeep && depth > MAX_FORMULA_DEPTH) {
      tooDeep = true;
      issues.push(issue('TOO_DEEP', token.start, token.end, { max: MAX_FORMULA_DEPTH }));
    }
  };
  const refuse = (start: number, end: number): void => {
    issues.push(issue('NOT_ALLOWED', start, end, { found: excerpt(source.slice(start, end)) }));
  };
  const syntax = (start: number, end: number): void => {
    issues.push(issue('SYNTAX', start, end, { found: excerpt(source.slice(start, end)) }));
  };

  while (index < length) {
    const c = source.charAt(index);
    if (isWhitespace(c)) {
      index += 1;
      continue;
    }
    const start = index;
    const c2 = source.slice(index, index + 2);
    const c3 = source.slice(index, index + 3);
    if (REFUSED_DELIMITERS3.has(c3)) {
      index += 3;
      refuse(start, index);
      continue;
    }
    if (c2.length === 2) {
      // `?.5` is `?` followed by `.5` (a conditional), `?.x` optional chaining (mathjs' reading)
      const optionalChainOnNumber = c2 === '?.' && isDigit(source.charAt(index + 2));
      if (REFUSED_DELIMITERS2.has(c2) && !optionalChainOnNumber) {
        index += 2;
        refuse(start, index);
        continue;
      }
      if (ALLOWED_OPERATORS.has(c2)) {
        index += 2;
        push({ kind: 'operator', start, end: index, value: c2 as OperatorText });
        continue;
      }
    }
    if (REFUSED_DELIMITERS1.has(c)) {
      index += 1;
      refuse(start, index);
      continue;
    }
    if (c === '"' || c === "'") {
      index = lexText(source, index, c, issues, push);
      continue;
    }
    if (ALLOWED_OPERATORS.has(c)) {
      index += 1;
      push({ kind: 'operator', start, end: index, value: c as OperatorText });
      continue;
    }
    if (isDigit(c) || c === '.') {
      index = lexNumber(source, index, push, refuse, syntax);
      continue;
    }
    if (isAlpha(source, index)) {
      while (index < length && (isAlpha(source, index) || isDigit(source.charAt(index)))) {
        index += 1;
      }
      const word = source.slice(start, index);
      if (REFUSED_WORDS.has(word)) {
        refuse(start, index);
      } else if (WORD_OPERATORS.has(word)) {
        push({ kind: 'operator', start, end: index, value: word as OperatorText });
      } else if (word === 'true' || word === 'false') {
        push({ kind: 'boolean', start, end: index, value: word === 'true' });
      } else {
        push({ kind: 'name', start, end: index, value: word });
      }
      continue;
    }
    // a character no token starts with; a surrogate pair is one character for the message
    const code = source.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff && index + 1 < length ? 2 : 1;
    syntax(start, index);
  }
  checkConditionalColons(tokens, issues);
  return { tokens, issues };
}

/**
 * `:` belongs to a `?` of the same parenthesis level (any other `:` would be a range, `1:3`,
 * which the language does not have).
 */
function checkConditionalColons(tokens: readonly Token[], issues: FormulaIssue[]): void {
  const open: number[] = [0];
  for (const token of tokens) {
    if (token.kind !== 'operator') continue;
    const last = open.length - 1;
    switch (token.value) {
      case '(':
        open.push(0);
        break;
      case ')':
        if (open.length > 1) open.pop();
        break;
      case '?':
        open[last] = (open[last] ?? 0) + 1;
        break;
      case ':':
        if ((open[last] ?? 0) > 0) open[last] = (open[last] ?? 0) - 1;
        else issues.push(issue('NOT_ALLOWED', token.start, token.end, { found: ':' }));
        break;
      default:
        break;
    }
  }
}

function lexText(
  source: string,
  from: number,
  quote: string,
  issues: FormulaIssue[],
  push: (token: Token) => void,
): number {
  let index = from + 1;
  let value = '';
  while (index < source.length && source.charAt(index) !== quote) {
    const c = source.charAt(index);
    if (c === '\\') {
      const escaped = source.charAt(index + 1);
      const replacement = STRING_ESCAPES[escaped];
      if (replacement !== undefined && Object.hasOwn(STRING_ESCAPES, escaped)) {
        value += replacement;
        index += 2;
      } else if (escaped === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(index + 2, index + 6))) {
        value += String.fromCharCode(parseInt(source.slice(index + 2, index + 6), 16));
        index += 6;
      } else {
        // a bad escape (or unicode escape) stops the reading: nothing after it is lexed
        const end = Math.min(source.length, index + (escaped === 'u' ? 6 : 2));
        issues.push(issue('SYNTAX', index, end, { found: excerpt(source.slice(index, end)) }));
        return source.length;
      }
    } else {
      value += c;
      index += 1;
    }
  }
  if (index >= source.length) {
    // "End of string expected": the text is not closed
    issues.push(issue('SYNTAX', from, source.length, { found: excerpt(source.slice(from)) }));
    return source.length;
  }
  const end = index + 1;
  push({ kind: 'text', start: from, end, value });
  return end;
}

function lexNumber(
  source: string,
  from: number,
  push: (token: Token) => void,
  refuse: (start: number, end: number) => void,
  syntax: (start: number, end: number) => void,
): number {
  let index = from;
  const at = (offset: number): string => source.charAt(index + offset);
  const prefix = source.slice(index, index + 2);
  if (prefix === '0b' || prefix === '0o' || prefix === '0x') {
    // binary, octal and hexadecimal numbers (with radix point or word size) are not in the language
    index += 2;
    while (index < source.length && (isAlpha(source, index) || isDigit(at(0)))) index += 1;
    if (at(0) === '.') {
      index += 1;
      while (index < source.length && (isAlpha(source, index) || isDigit(at(0)))) index += 1;
    }
    refuse(from, index);
    return index;
  }
  if (at(0) === '.') {
    if (!isDigit(at(1))) {
      // a dot that is not a number: property access (`x.y`)
      index += 1;
      refuse(from, index);
      return index;
    }
    index += 1;
  } else {
    while (isDigit(at(0))) index += 1;
    if (isDecimalMark(at(0), at(1))) index += 1;
  }
  while (isDigit(at(0))) index += 1;
  if (at(0) === 'e' || at(0) === 'E') {
    if (isDigit(at(1)) || at(1) === '-' || at(1) === '+') {
      index += 1;
      if (at(0) === '+' || at(0) === '-') index += 1;
      if (!isDigit(at(0))) {
        // "Digit expected": an exponent without digits
        const end = Math.min(source.length, index + 1);
        syntax(from, Math.max(end, index));
        return Math.max(end, index);
      }
      while (isDigit(at(0))) index += 1;
      if (isDecimalMark(at(0), at(1))) {
        syntax(from, index + 1);
        return index + 1;
      }
    } else if (isDecimalMark(at(1), at(2))) {
      syntax(from, index + 2);
      return index + 2;
    }
  }
  const value = Number(source.slice(from, index));
  if (!Number.isFinite(value)) {
    // e.g. 1e999: no finite number
    refuse(from, index);
    return index;
  }
  push({ kind: 'number', start: from, end: index, value });
  return index;
}
