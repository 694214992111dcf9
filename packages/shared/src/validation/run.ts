// Runs a field's rules in order and stops at the first failure, as the spec requires.
import type { Rule, RuleContext, RuleFailure } from './types';

type MaybePromise<T> = T | Promise<T>;

function failureOf(rule: Rule): RuleFailure {
  return { rule: rule.name, params: rule.params };
}

/**
 * The first failing rule, or null. Stays synchronous until a rule answers with a promise, so
 * synchronous schemas keep working with zod's `parse`.
 */
export function runRules(
  value: unknown,
  ruleList: readonly Rule[],
  context: RuleContext = {},
): MaybePromise<RuleFailure | null> {
  for (const [index, rule] of ruleList.entries()) {
    const valid = rule.check(value, context);
    if (valid instanceof Promise) {
      return valid.then((isValid) =>
        isValid ? runRules(value, ruleList.slice(index + 1), context) : failureOf(rule),
      );
    }
    if (!valid) return failureOf(rule);
  }
  return null;
}

/** The first failing rule, or null; throws when one of the rules is asynchronous. */
export function validateValue(
  value: unknown,
  ruleList: readonly Rule[],
  context: RuleContext = {},
): RuleFailure | null {
  const result = runRules(value, ruleList, context);
  if (result instanceof Promise) {
    // Nobody will await it: keep its eventual rejection from surfacing as unhandled.
    result.catch(() => undefined);
    throw new TypeError('An asynchronous rule needs validateValueAsync');
  }
  return result;
}

export async function validateValueAsync(
  value: unknown,
  ruleList: readonly Rule[],
  context: RuleContext = {},
): Promise<RuleFailure | null> {
  return runRules(value, ruleList, context);
}
