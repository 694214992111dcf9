// The human-readable line of parsed route parameters, e.g. "Story 12 · group 3 · labels 1, 2".
import type { TFunction } from 'i18next';

export type RouteParamValue = number | number[] | string | undefined;
export type RouteParamValues = Readonly<Record<string, RouteParamValue>>;

function describeOne(t: TFunction<'routes'>, name: string, value: RouteParamValue): string | null {
  switch (name) {
    case 'storyId':
      return t('params.story', { id: value });
    case 'catalogId':
      return t('params.catalogue', { id: value });
    case 'code':
      return t('params.code', { code: value });
    case 'lineupId':
      return t('params.lineup', { id: value });
    case 'itemId':
      return value === undefined ? null : t('params.item', { id: value });
    case 'groupId':
      return value === undefined ? t('params.allGroups') : t('params.group', { id: value });
    case 'itemsLabels':
      return Array.isArray(value) && value.length > 0
        ? t('params.labels', { ids: value.join(', ') })
        : t('params.noLabels');
    default:
      return `${name} ${String(value)}`;
  }
}

export function describeRouteParams(t: TFunction<'routes'>, params: RouteParamValues): string {
  return Object.entries(params)
    .map(([name, value]) => describeOne(t, name, value))
    .filter((part): part is string => part !== null)
    .join(' · ');
}
