// Shapes shared by every validation rule: what a rule receives, what a failure reports.

/** One value a rule compares against, e.g. an allowed option of `one_of`. */
export type RuleScalar = string | number | boolean;

/** A value a rule may carry into its message, e.g. `{ length: 3 }` for `min`. */
export type RuleParamValue = RuleScalar | readonly RuleScalar[];

export type RuleParams = Readonly<Record<string, RuleParamValue | undefined>>;

/** The first rule a value broke, with the parameters its message needs. */
export interface RuleFailure {
  readonly rule: string;
  readonly params: RuleParams;
}

/**
 * What a rule may look at besides its own value: the sibling values of the form or request body,
 * for rules that compare fields (`confirmed`, `required_if`).
 */
export interface RuleContext {
  readonly values?: Readonly<Record<string, unknown>>;
}

/** A named rule with its parameters; `check` is true when the value is valid. */
export interface Rule {
  readonly name: string;
  readonly params: RuleParams;
  readonly check: (value: unknown, context: RuleContext) => boolean | Promise<boolean>;
}

/**
 * The part of a browser `File` the file rules read. Width and height are the pixel size of an
 * image, which the browser only knows after decoding it, so the caller supplies them.
 */
export interface FileLike {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly width?: number;
  readonly height?: number;
}
