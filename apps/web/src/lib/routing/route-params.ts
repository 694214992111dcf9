// Pure parsing of route parameters: ids are positive integers, label lists are comma-separated ids.
import type { Params } from 'react-router';

/** `id`: required positive integer; `optionalId`: the same or absent; `idList`: "1,2,3" or absent. */
export type ParamKind = 'id' | 'optionalId' | 'idList' | 'code';

type ParsedKind<K extends ParamKind> = K extends 'id'
  ? number
  : K extends 'optionalId'
    ? number | undefined
    : K extends 'idList'
      ? number[]
      : string;

export type ParamSpec = Readonly<Record<string, ParamKind>>;
export type ParsedParams<S extends ParamSpec> = { [K in keyof S]: ParsedKind<S[K]> };

const DIGITS = /^\d+$/;
const ACCESS_CODE = /^[A-Za-z0-9_-]{1,256}$/;

/** A positive integer written with digits only, or null. */
export function parseId(value: string | undefined): number | null {
  if (value === undefined || !DIGITS.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** undefined when absent; null when present but not an id. */
export function parseOptionalId(value: string | undefined): number | undefined | null {
  return value === undefined || value === '' ? undefined : parseId(value);
}

/** "1,2" -> [1, 2]; absent -> []; null when any part is not an id. */
export function parseIdList(value: string | undefined): number[] | null {
  if (value === undefined || value === '') return [];
  const ids = value.split(',').map(parseId);
  return ids.every((id) => id !== null) ? ids : null;
}

/** An access code from a shared link: letters, digits, "-" and "_". */
export function parseCode(value: string | undefined): string | null {
  return value !== undefined && ACCESS_CODE.test(value) ? value : null;
}

function parseOne(kind: ParamKind, value: string | undefined): { ok: boolean; value: unknown } {
  const parsed =
    kind === 'id'
      ? parseId(value)
      : kind === 'optionalId'
        ? parseOptionalId(value)
        : kind === 'idList'
          ? parseIdList(value)
          : parseCode(value);
  return { ok: parsed !== null, value: parsed };
}

/** Every parameter of the spec parsed, or null when any of them is invalid (the page is then a 404). */
export function parseRouteParams<S extends ParamSpec>(
  params: Params,
  spec: S,
): ParsedParams<S> | null {
  const result: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const { ok, value } = parseOne(kind, params[name]);
    if (!ok) return null;
    result[name] = value;
  }
  return result as ParsedParams<S>;
}

export const STORY_PARAMS = { storyId: 'id' } as const satisfies ParamSpec;
export const STORY_ITEMS_PARAMS = {
  storyId: 'id',
  groupId: 'optionalId',
  itemsLabels: 'idList',
} as const satisfies ParamSpec;
export const STORY_VERSION_PARAMS = { storyId: 'id', versionId: 'id' } as const satisfies ParamSpec;
export const LINEUP_EXPORT_PARAMS = { storyId: 'id', lineupId: 'id' } as const satisfies ParamSpec;
export const CATALOG_PARAMS = { catalogId: 'id' } as const satisfies ParamSpec;
export const CATALOG_ITEMS_PARAMS = {
  catalogId: 'id',
  itemId: 'optionalId',
  groupId: 'optionalId',
  itemsLabels: 'idList',
} as const satisfies ParamSpec;
export const CATALOG_ITEM_CREATE_PARAMS = {
  catalogId: 'id',
  groupId: 'optionalId',
} as const satisfies ParamSpec;
export const CATALOG_ITEM_EDIT_PARAMS = {
  catalogId: 'id',
  itemId: 'id',
} as const satisfies ParamSpec;
export const COMPANY_PROFILE_PARAMS = { userId: 'id' } as const satisfies ParamSpec;
export const PARTNER_COMPANY_PARAMS = { companyId: 'id' } as const satisfies ParamSpec;
export const PUBLIC_ACCESS_PARAMS = { code: 'code' } as const satisfies ParamSpec;

export type StoryParams = ParsedParams<typeof STORY_PARAMS>;
export type StoryItemsParams = ParsedParams<typeof STORY_ITEMS_PARAMS>;
export type StoryVersionParams = ParsedParams<typeof STORY_VERSION_PARAMS>;
export type LineupExportParams = ParsedParams<typeof LINEUP_EXPORT_PARAMS>;
export type CatalogParams = ParsedParams<typeof CATALOG_PARAMS>;
export type CatalogItemsParams = ParsedParams<typeof CATALOG_ITEMS_PARAMS>;
export type CatalogItemCreateParams = ParsedParams<typeof CATALOG_ITEM_CREATE_PARAMS>;
export type CatalogItemEditParams = ParsedParams<typeof CATALOG_ITEM_EDIT_PARAMS>;
export type CompanyProfileParams = ParsedParams<typeof COMPANY_PROFILE_PARAMS>;
export type PartnerCompanyParams = ParsedParams<typeof PARTNER_COMPANY_PARAMS>;
export type PublicAccessParams = ParsedParams<typeof PUBLIC_ACCESS_PARAMS>;
