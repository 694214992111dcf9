// Checks of an item's formula list (roles, levels, expressions by @costory/calc), the localized texts of formula issues, and the list's stored form.
import {
  checkFormula,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  type FormulaAttribute,
  type FormulaIssue,
} from '@costory/calc';
import type { FormulaFields, FormulaProblemIssues, Locale } from '@costory/shared';
import type { ItemAttributeRow } from '../../../db/schema';
import type { FieldProblem, LocalizedText } from '../../../errors';
import { countTexts, type PluralForms } from '../../../lib/plural';

/** What a formula may know about the item's attributes, from their stored rows. */
export function toFormulaAttributes(
  attributes: readonly Pick<
    ItemAttributeRow,
    'code' | 'level' | 'type' | 'mandatory' | 'defaultValue' | 'enumValues'
  >[],
): FormulaAttribute[] {
  return attributes.map((attribute) => ({
    code: attribute.code,
    level: attribute.level,
    type: attribute.type,
    mandatory: attribute.mandatory,
    defaultValue: attribute.defaultValue ?? null,
    enumCodes: attribute.enumValues.map((value) => value.code),
  }));
}

/** The formula's problems against the attributes (empty when it passes its checks). */
export function issuesOf(
  expression: string,
  level: number,
  attributes: readonly FormulaAttribute[],
): FormulaIssue[] {
  const result = checkFormula(expression, { attributes, level });
  return result.ok ? [] : [...result.issues];
}

function param(issue: FormulaIssue, ...names: string[]): string {
  for (const name of names) {
    const value = issue.params[name];
    if (value !== undefined) return String(value);
  }
  return '?';
}

/** "… (at character 5)": where the issue starts, counted from 1 as editors do. */
function at(issue: FormulaIssue, text: { en: string; cs: string }): LocalizedText {
  const position = issue.start + 1;
  return { en: `${text.en} (at character ${position})`, cs: `${text.cs} (na znaku ${position})` };
}

const ARGUMENT_NOUNS: Readonly<Record<Locale, PluralForms>> = {
  en: { one: 'argument', other: 'arguments' },
  cs: { one: 'argument', few: 'argumenty', many: 'argumentu', other: 'argumentů' },
};

const TYPE_WORDS: Readonly<Record<string, { en: string; cs: string }>> = {
  number: { en: 'a number', cs: 'číslo' },
  boolean: { en: 'true or false', cs: 'true nebo false' },
  text: { en: 'a text', cs: 'text' },
  enum: { en: 'a value from a list', cs: 'hodnota ze seznamu' },
};

function typeWords(type: string | number | undefined): { en: string; cs: string } {
  const known = type === undefined ? undefined : TYPE_WORDS[String(type)];
  return known ?? { en: 'another type', cs: 'jiný typ' };
}

/** The issue in words, in English and Czech (the SPA localizes the code itself). */
export function formulaIssueMessage(issue: FormulaIssue): LocalizedText {
  switch (issue.code) {
    case 'EMPTY':
      return { en: 'The formula is empty', cs: 'Vzorec je prázdný' };
    case 'TOO_LONG': {
      const max = Number(issue.params.max ?? MAX_FORMULA_LENGTH);
      return countTexts(
        max,
        {
          en: {
            one: 'The formula may have at most {count} character',
            other: 'The formula may have at most {count} characters',
          },
          cs: {
            one: 'Vzorec může mít nejvýše {count} znak',
            few: 'Vzorec může mít nejvýše {count} znaky',
            many: 'Vzorec může mít nejvýše {count} znaku',
            other: 'Vzorec může mít nejvýše {count} znaků',
          },
        },
        { grouping: false },
      );
    }
    case 'TOO_DEEP': {
      const max = issue.params.max ?? MAX_FORMULA_DEPTH;
      return at(issue, {
        en: `The formula may nest parentheses and operators at most ${max} deep`,
        cs: `Vzorec smí vnořovat závorky a operátory nejvýše do hloubky ${max}`,
      });
    }
    case 'SYNTAX': {
      const found = issue.params.found;
      return at(
        issue,
        found === undefined || found === ''
          ? { en: 'The formula is incomplete here', cs: 'Vzorec tu není dokončený' }
          : {
              en: `The formula cannot be read at “${found}”`,
              cs: `Vzorec nelze přečíst u „${found}“`,
            },
      );
    }
    case 'UNKNOWN_ATTRIBUTE': {
      const name = param(issue, 'name', 'code', 'attribute');
      return at(issue, {
        en: `The item has no attribute “${name}”`,
        cs: `Položka nemá atribut „${name}“`,
      });
    }
    case 'HIGHER_LEVEL_ATTRIBUTE': {
      const name = param(issue, 'name', 'code', 'attribute');
      return at(issue, {
        en: `Attributes may only come from the same or a lower level than the formula level (“${name}” is on level ${param(issue, 'level')}, the formula on level ${param(issue, 'formulaLevel')})`,
        cs: `Atributy smějí pocházet jen ze stejné nebo nižší úrovně, než je úroveň vzorce („${name}“ je na úrovni ${param(issue, 'level')}, vzorec na úrovni ${param(issue, 'formulaLevel')})`,
      });
    }
    case 'UNKNOWN_FUNCTION': {
      const name = param(issue, 'name', 'function');
      return at(issue, {
        en: `There is no function “${name}”`,
        cs: `Funkce „${name}“ neexistuje`,
      });
    }
    case 'WRONG_ARGUMENT_COUNT': {
      const name = param(issue, 'name', 'function');
      const { min, max } = issue.params;
      const range =
        max === undefined
          ? { en: `at least ${min ?? 1}`, cs: `alespoň ${min ?? 1}` }
          : min === max
            ? { en: `${min}`, cs: `${min}` }
            : { en: `${min ?? 1} to ${max}`, cs: `${min ?? 1} až ${max}` };
      // The noun agrees with the last number said: "1 to 3 arguments", "1 až 3 argumenty".
      const noun = countTexts(Number(max ?? min ?? 1), ARGUMENT_NOUNS);
      return at(issue, {
        en: `The function “${name}” takes ${range.en} ${noun.en}`,
        cs: `Funkce „${name}“ přijímá ${range.cs} ${noun.cs}`,
      });
    }
    case 'UNKNOWN_ENUM_CODE': {
      const name = param(issue, 'name', 'attribute');
      const code = param(issue, 'code', 'value');
      return at(issue, {
        en: `The attribute “${name}” has no value “${code}”`,
        cs: `Atribut „${name}“ nemá hodnotu „${code}“`,
      });
    }
    case 'TYPE_MISMATCH': {
      const expected = typeWords(issue.params.expected);
      const found = typeWords(issue.params.type);
      const { operator, function: fn } = issue.params;
      const where =
        operator !== undefined
          ? { en: ` (operator ${operator})`, cs: ` (operátor ${operator})` }
          : fn !== undefined
            ? { en: ` (function ${fn})`, cs: ` (funkce ${fn})` }
            : { en: '', cs: '' };
      return at(issue, {
        en: `This needs ${expected.en} but gets ${found.en}${where.en}`,
        cs: `Zde je potřeba ${expected.cs}, ale je tu ${found.cs}${where.cs}`,
      });
    }
    case 'NOT_ALLOWED': {
      const found = issue.params.found;
      return at(
        issue,
        found === undefined || found === ''
          ? { en: 'This is not allowed in a formula', cs: 'Tohle ve vzorci není dovoleno' }
          : {
              en: `“${found}” is not allowed in a formula`,
              cs: `„${found}“ ve vzorci není dovoleno`,
            },
      );
    }
  }
}

/** One field error per issue, on `formulas.{index}.expression`, with the issue code as rule. */
export function issueProblems(index: number, issues: readonly FormulaIssue[]): FieldProblem[] {
  return issues.map((issue) => ({
    field: `formulas.${index}.expression`,
    rule: issue.code,
    message: formulaIssueMessage(issue),
  }));
}

/** A formula as stored: kept ones carry their id; position is the order of the list. */
export interface FormulaRowValues {
  id?: number;
  roleId: number;
  level: number;
  name: string;
  expression: string;
  position: number;
}

export interface FormulaListCheck {
  rows: FormulaRowValues[];
  /** Broken references, levels and names (400 VALIDATION_FAILED on their own). */
  problems: FieldProblem[];
  /** Expressions that fail their checks (400 FORMULA_INVALID, with `problems` too). */
  formulaIssues: FormulaProblemIssues;
}

const MESSAGES = {
  unknownId: {
    en: 'This formula does not belong to the item',
    cs: 'Tento vzorec k položce nepatří',
  },
  duplicateId: { en: 'The formula is listed twice', cs: 'Vzorec je v seznamu dvakrát' },
  unknownRole: {
    en: 'The role does not exist in this catalog',
    cs: 'Role v tomto katalogu neexistuje',
  },
  duplicateLevel: {
    en: 'The role already has a formula on this level',
    cs: 'Role už má na této úrovni vzorec',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * The stored rows of a formula list and everything that breaks a rule, reported at once:
 * `existingIds` are the item's formulas (only those may be kept by id), `roleIds` the catalog's
 * roles; (role, level) is unique; every expression must pass its checks against `attributes`.
 */
export function checkFormulaList(
  formulas: readonly FormulaFields[],
  context: {
    existingIds: ReadonlySet<number>;
    roleIds: ReadonlySet<number>;
    attributes: readonly FormulaAttribute[];
  },
): FormulaListCheck {
  const problems: FieldProblem[] = [];
  const formulaIssues: FormulaProblemIssues = [];
  const rows: FormulaRowValues[] = [];
  const seenIds = new Set<number>();
  const seenLevels = new Set<string>();
  formulas.forEach((formula, index) => {
    const field = (name: string) => `formulas.${index}.${name}`;
    if (formula.id !== undefined) {
      if (!context.existingIds.has(formula.id)) {
        problems.push({ field: field('id'), rule: 'exists', message: MESSAGES.unknownId });
      } else if (seenIds.has(formula.id)) {
        problems.push({ field: field('id'), rule: 'unique', message: MESSAGES.duplicateId });
      }
      seenIds.add(formula.id);
    }
    if (!context.roleIds.has(formula.roleId)) {
      problems.push({ field: field('roleId'), rule: 'exists', message: MESSAGES.unknownRole });
    }
    const key = `${formula.roleId}:${formula.level}`;
    if (seenLevels.has(key)) {
      problems.push({ field: field('level'), rule: 'unique', message: MESSAGES.duplicateLevel });
    }
    seenLevels.add(key);
    const issues = issuesOf(formula.expression, formula.level, context.attributes);
    if (issues.length > 0) formulaIssues.push({ index, issues });
    rows.push({
      ...(formula.id === undefined ? {} : { id: formula.id }),
      roleId: formula.roleId,
      level: formula.level,
      name: formula.name.trim(),
      expression: formula.expression,
      position: index,
    });
  });
  return { rows, problems, formulaIssues };
}

/** How a formula list reads in an event: "ROLE L1 name: expression" per formula. */
export function formulasForEvent(
  formulas: readonly Pick<FormulaRowValues, 'roleId' | 'level' | 'name' | 'expression'>[],
  roleCodes: ReadonlyMap<number, string>,
): string[] {
  return formulas.map(
    (formula) =>
      `${roleCodes.get(formula.roleId) ?? formula.roleId} L${formula.level} ${formula.name}: ${formula.expression}`,
  );
}
