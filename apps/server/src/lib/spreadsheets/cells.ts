// One spreadsheet cell as canonical text by its column's kind (text, number, whole number, true/false, a value of any type); what cannot be read is a localized message.
import { unescapeSheetText, type WorkbookColumn } from '@costory/shared';
import type { LocalizedText } from '../../errors';
import type { SheetCell } from './sheet-reader';

export type CellReading = { ok: true; text: string } | { ok: false; message: LocalizedText };

const MESSAGES = {
  merged: {
    en: 'The cell is part of merged cells: unmerge them and fill in every cell',
    cs: 'Buňka je součástí sloučených buněk: zrušte sloučení a vyplňte každou buňku',
  },
  error: {
    en: 'The cell holds a spreadsheet error',
    cs: 'Buňka obsahuje chybu tabulkového procesoru',
  },
  dateForNumber: {
    en: 'A date where a number belongs',
    cs: 'Datum tam, kde má být číslo',
  },
  number: { en: 'Must be a number', cs: 'Musí být číslo' },
  integer: { en: 'Must be a whole number', cs: 'Musí být celé číslo' },
  boolean: {
    en: 'Must be true or false (also yes/no, 1/0)',
    cs: 'Musí být true, nebo false (také ano/ne, 1/0)',
  },
} as const satisfies Record<string, LocalizedText>;

// A number written by a person: sign, digits with spaces as thousands separators, a dot or a
// comma before the decimals; or what a program writes (exponent).
const PERSON_NUMBER = /^[+-]?\d{1,3}(?:[ \u00a0\u202f]\d{3})*(?:[.,]\d+)?$|^[+-]?\d+(?:[.,]\d+)?$/;
const PROGRAM_NUMBER = /^[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/**
 * The shortest decimal text of a number written as text: "1 200,50" and "1200.5000" are both
 * "1200.5". Digits are kept as written (no binary float in between), so prices keep their cents.
 */
export function canonicalDecimal(text: string): string | null {
  const trimmed = text.trim();
  if (PERSON_NUMBER.test(trimmed)) {
    const plain = trimmed.replace(/[ \u00a0\u202f]/g, '').replace(',', '.');
    const negative = plain.startsWith('-');
    const unsigned = plain.replace(/^[+-]/, '');
    const [whole = '0', fraction = ''] = unsigned.split('.');
    const digits = whole.replace(/^0+(?=\d)/, '');
    const decimals = fraction.replace(/0+$/, '');
    const body = decimals === '' ? digits : `${digits}.${decimals}`;
    return negative && body !== '0' ? `-${body}` : body;
  }
  if (PROGRAM_NUMBER.test(trimmed)) {
    const text = numberText(Number(trimmed));
    return text === null ? null : canonicalDecimal(text);
  }
  return null;
}

/**
 * A number cell's value as plain decimal text, or null beyond what any catalogue or story holds
 * (from 1e21 on, JavaScript writes every number with an exponent again).
 */
function numberText(value: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(Math.min(20, Math.max(0, -Math.floor(Math.log10(Math.abs(value))) + 15)));
}

const TRUE_WORDS = new Set(['true', 'yes', '1', 'ano', 'x', 'pravda']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'ne', 'nepravda', '']);

export function canonicalBoolean(text: string): 'true' | 'false' | null {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return 'true';
  if (FALSE_WORDS.has(word)) return 'false';
  return null;
}

/** The cell as text, whatever it holds: a formula as its formula, never its result. */
function cellText(cell: SheetCell): string {
  switch (cell.kind) {
    case 'text':
      return unescapeSheetText(cell.text).trim();
    case 'formula':
      return cell.text.trim();
    case 'number':
      return numberText(cell.value) ?? String(cell.value);
    case 'boolean':
      return cell.value ? 'true' : 'false';
    case 'date':
      return cell.iso.endsWith('T00:00:00.000Z') ? cell.iso.slice(0, 10) : cell.iso;
    case 'empty':
    case 'merged':
    case 'error':
      return '';
  }
}

/** The canonical text of one cell in a column of `kind`; an empty cell is ''. */
export function readCell(cell: SheetCell, kind: WorkbookColumn['kind']): CellReading {
  if (cell.kind === 'merged') return { ok: false, message: MESSAGES.merged };
  if (cell.kind === 'error') {
    return {
      ok: false,
      message: {
        en: `${MESSAGES.error.en} (${cell.text})`,
        cs: `${MESSAGES.error.cs} (${cell.text})`,
      },
    };
  }
  if (cell.kind === 'date' && kind !== 'text')
    return { ok: false, message: MESSAGES.dateForNumber };
  const text = cellText(cell);
  if (text === '' || kind === 'text') return { ok: true, text };
  switch (kind) {
    case 'number': {
      const decimal = canonicalDecimal(text);
      return decimal === null
        ? { ok: false, message: MESSAGES.number }
        : { ok: true, text: decimal };
    }
    case 'integer': {
      const decimal = canonicalDecimal(text);
      return decimal === null || decimal.includes('.')
        ? { ok: false, message: MESSAGES.integer }
        : { ok: true, text: decimal };
    }
    case 'boolean': {
      const value = canonicalBoolean(text);
      return value === null ? { ok: false, message: MESSAGES.boolean } : { ok: true, text: value };
    }
    case 'value':
      // An attribute's default: its type decides later; numbers and booleans in their own form.
      if (cell.kind === 'number') return { ok: true, text: canonicalDecimal(text) ?? text };
      return { ok: true, text };
  }
}
