// Builders of the app's addresses, so links and the route table cannot drift apart.
import type { PartnerKind } from '@costory/shared/companies';
import { LIVE_STORY, UPGRADED_STORY } from '@costory/shared/stories/comparison-sides';
import { parseId } from './route-params';

/** The `kind` query parameter of /companies: the tab, kept in the address so a reload keeps it. */
export const COMPANY_KIND_PARAM = 'kind';
const COMPANY_KIND_VALUES: Record<PartnerKind, string> = {
  SUPPLIER: 'supplier',
  SUBSCRIBER: 'subscriber',
};

/** The tab a `kind` parameter asks for; suppliers when it is absent or unknown. */
export function companyKindOfParam(value: string | null): PartnerKind {
  return value === COMPANY_KIND_VALUES.SUBSCRIBER ? 'SUBSCRIBER' : 'SUPPLIER';
}

export function companyKindParam(kind: PartnerKind): string {
  return COMPANY_KIND_VALUES[kind];
}

/** The `view` query parameter of a version's page: which of its summaries is shown. */
export const VERSION_VIEW_PARAM = 'view';

/** The query parameters of the comparison page: its two sides, each a version id, `live` or `upgraded`. */
export const COMPARE_FROM_PARAM = 'from';
export const COMPARE_TO_PARAM = 'to';

/**
 * One side of a comparison in an address: a version's id, `live` for the story as it is now, or
 * `upgraded` for the live story with every waiting item upgrade applied (decision 0043).
 */
export type ComparisonSide = number | typeof LIVE_STORY | typeof UPGRADED_STORY;

/** A side from the address: undefined when absent, null when it is none of the three. */
export function comparisonSideOfParam(value: string | null): ComparisonSide | undefined | null {
  if (value === null) return undefined;
  if (value === LIVE_STORY || value === UPGRADED_STORY) return value;
  return parseId(value);
}

// Optional segments of the spec's routes are simply left out when absent.
function joinSegments(segments: readonly (string | number | undefined)[]): string {
  return `/${segments.filter((segment) => segment !== undefined).join('/')}`;
}

export const paths = {
  home: () => '/',
  login: () => '/login',
  registration: () => '/registration',
  emailConfirm: () => '/email-confirm',
  catalogues: () => '/ctl',
  companyProfile: (userId: number) => `/company-profile/${userId}`,
  // Suppliers are the default tab, so their address stays bare.
  companies: (kind: PartnerKind = 'SUPPLIER') =>
    kind === 'SUPPLIER'
      ? '/companies'
      : `/companies?${COMPANY_KIND_PARAM}=${companyKindParam(kind)}`,
  company: (companyId: number) => `/companies/${companyId}`,
  apiTokens: () => '/api-tokens',
  story: (storyId: number) => `/story-detail/${storyId}`,
  storyItems: (storyId: number, groupId?: number, labelIds: readonly number[] = []) =>
    joinSegments([
      'story-detail',
      storyId,
      'items',
      'groups',
      groupId,
      'itemsLabels',
      labelIds.length > 0 ? labelIds.join(',') : undefined,
    ]),
  storyLabels: (storyId: number) => `/story-detail/${storyId}/labels`,
  storyMembers: (storyId: number) => `/story-detail/${storyId}/members`,
  storySummary: (storyId: number, kind: 'roles' | 'phases' | 'ctl' | 'ict') =>
    `/story-detail/${storyId}/summary/${kind}`,
  storyLineups: (storyId: number) => `/story-detail/${storyId}/lineups`,
  storyLineupExport: (storyId: number, lineupId: number) =>
    `/story-detail/${storyId}/lineups/export/${lineupId}`,
  storySummaryExport: (storyId: number, kind?: 'roles' | 'phases' | 'ctl' | 'ict') =>
    kind === undefined
      ? `/story-detail/${storyId}/summary/export`
      : `/story-detail/${storyId}/summary/${kind}/export`,
  /** A frozen version; `view` is its summary tab, kept in the query so a reload keeps it. */
  storyVersion: (storyId: number, versionId: number, view?: string) =>
    `/story-detail/${storyId}/versions/${versionId}${view === undefined ? '' : `?${VERSION_VIEW_PARAM}=${view}`}`,
  /** The comparison of two versions, or of a version and the live story; absent sides take the page's defaults. */
  storyVersionComparison: (storyId: number, from?: ComparisonSide, to?: ComparisonSide) => {
    const query = new URLSearchParams();
    if (from !== undefined) query.set(COMPARE_FROM_PARAM, String(from));
    if (to !== undefined) query.set(COMPARE_TO_PARAM, String(to));
    const search = query.toString();
    return `/story-detail/${storyId}/versions/compare${search ? `?${search}` : ''}`;
  },
  catalog: (catalogId: number) => `/ctl/catalog-detail/${catalogId}`,
} as const;
