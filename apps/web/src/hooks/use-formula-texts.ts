// Formula issues and evaluation errors in the user's language (decision 0021: the SPA words the codes itself),
// naming attributes by their localized name and code.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FORMULA_FUNCTIONS,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  type EvaluationError,
  type FormulaIssue,
} from '@costory/calc';
import type { Attribute, Catalog } from '@costory/shared';
import { useLocalizedText } from './use-catalog-locale';

/** The first of the named parameters an issue carries (engines name them a little differently). */
function param(issue: FormulaIssue, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = issue.params[name];
    if (value !== undefined) return String(value);
  }
  return undefined;
}

export interface FormulaTexts {
  /** The attribute as a person reads it: "Area (area)", or the code when it has no other name. */
  attributeLabel: (code: string) => string;
  /** An issue of a formula of `formulaLevel` in words. */
  issueText: (issue: FormulaIssue, formulaLevel: number) => string;
  /** Where an issue is: the character it starts at (from 1) and the text there. */
  issuePlace: (issue: FormulaIssue, expression: string) => string | null;
  errorText: (error: EvaluationError) => string;
}

export function useFormulaTexts(
  catalog: Pick<Catalog, 'defaultLanguage'>,
  attributes: readonly Pick<Attribute, 'code' | 'name' | 'level'>[],
): FormulaTexts {
  const { t } = useTranslation('catalogs');
  const localized = useLocalizedText(catalog);

  const attributeLabel = useCallback(
    (code: string) => {
      const attribute = attributes.find((candidate) => candidate.code === code);
      const name = attribute ? localized(attribute.name) : '';
      return name && name !== code ? `${name} (${code})` : code;
    },
    [attributes, localized],
  );

  const issueText = useCallback(
    (issue: FormulaIssue, formulaLevel: number): string => {
      const name = param(issue, 'name', 'attribute', 'code', 'function') ?? '';
      switch (issue.code) {
        case 'TOO_LONG':
          return t('formulaIssue.TOO_LONG', {
            count: Number(param(issue, 'max', 'limit') ?? MAX_FORMULA_LENGTH),
          });
        case 'TOO_DEEP':
          return t('formulaIssue.TOO_DEEP', {
            count: Number(param(issue, 'max', 'limit') ?? MAX_FORMULA_DEPTH),
          });
        case 'UNKNOWN_ATTRIBUTE':
          return t('formulaIssue.UNKNOWN_ATTRIBUTE', { name });
        case 'HIGHER_LEVEL_ATTRIBUTE': {
          const code = param(issue, 'name', 'attribute', 'code') ?? '';
          const level =
            param(issue, 'level', 'attributeLevel') ??
            String(attributes.find((candidate) => candidate.code === code)?.level ?? '');
          return t('formulaIssue.HIGHER_LEVEL_ATTRIBUTE', {
            attribute: attributeLabel(code),
            level,
            formulaLevel: param(issue, 'formulaLevel') ?? String(formulaLevel),
          });
        }
        case 'UNKNOWN_FUNCTION':
          return t('formulaIssue.UNKNOWN_FUNCTION', {
            name,
            functions: FORMULA_FUNCTIONS.map((fn) => fn.name).join(', '),
          });
        case 'WRONG_ARGUMENT_COUNT': {
          const fnName = param(issue, 'name', 'function') ?? '';
          const fn = FORMULA_FUNCTIONS.find((candidate) => candidate.name === fnName);
          return t('formulaIssue.WRONG_ARGUMENT_COUNT', {
            name: fnName,
            signature: fn?.signature ?? `${fnName}(…)`,
          });
        }
        case 'UNKNOWN_ENUM_CODE':
          return t('formulaIssue.UNKNOWN_ENUM_CODE', {
            code: param(issue, 'value', 'enumCode', 'code') ?? '',
            attribute: attributeLabel(param(issue, 'attribute', 'name') ?? ''),
          });
        case 'EMPTY':
        case 'SYNTAX':
        case 'TYPE_MISMATCH':
        case 'NOT_ALLOWED':
          return t(`formulaIssue.${issue.code}`);
      }
    },
    [t, attributes, attributeLabel],
  );

  const issuePlace = useCallback(
    (issue: FormulaIssue, expression: string): string | null => {
      if (issue.code === 'EMPTY' || issue.code === 'TOO_LONG') return null;
      const position = issue.start + 1;
      const excerpt = expression.slice(issue.start, Math.min(issue.end, issue.start + 60)).trim();
      return excerpt
        ? t('formulas.at', { position, excerpt })
        : t('formulas.atPosition', { position });
    },
    [t],
  );

  const errorText = useCallback(
    (error: EvaluationError): string => {
      switch (error.code) {
        case 'MISSING_VALUE':
        case 'INVALID_VALUE':
          return error.attribute
            ? t(`evaluationError.${error.code}`, { attribute: attributeLabel(error.attribute) })
            : t(`evaluationError.${error.code}_UNNAMED`);
        default:
          return t(`evaluationError.${error.code}`);
      }
    },
    [t, attributeLabel],
  );

  return useMemo(
    () => ({ attributeLabel, issueText, issuePlace, errorText }),
    [attributeLabel, issueText, issuePlace, errorText],
  );
}
