// A frozen version's legend in the shapes the summaries read: its roles, groups and phases as a story catalog, its instances' names.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Story, StoryCatalog, StoryVersionLegend } from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import type { InstanceNames } from '../summary/use-instance-names';

/**
 * The summaries by role, phase and group and the formula errors look names up in a story catalog.
 * Prices come from the version's calculation, not from here, and the frozen items' formulas and
 * attributes are not needed to show totals and errors, so roles carry no prices and items only
 * their names and places; none can be added to a version.
 */
export function versionCatalog(legend: StoryVersionLegend): StoryCatalog {
  return {
    groups: legend.groups,
    phases: legend.phases,
    roles: legend.roles.map((role) => ({ ...role, price: null, unitPrice: null })),
    items: legend.items.map((item) => ({
      ...item,
      description: {},
      maxLevel: 0,
      repeatable: false,
      deprecated: false,
      addable: false,
      inStory: true,
      attributes: [],
      formulas: [],
    })),
  };
}

/** Instance names as they were frozen: the instance's own name, else its item's. */
export function useVersionInstanceNames(story: Story, legend: StoryVersionLegend): InstanceNames {
  const { t } = useTranslation('summaries');
  const localized = useLocalizedText(story.catalog);
  const { instances, items } = useMemo(
    () => ({
      instances: new Map(legend.instances.map((instance) => [instance.id, instance])),
      items: new Map(legend.items.map((item) => [item.id, item])),
    }),
    [legend],
  );
  const itemOf = useCallback(
    (instanceId: number) => {
      const instance = instances.get(instanceId);
      return instance === undefined ? undefined : items.get(instance.itemId);
    },
    [instances, items],
  );
  const nameOf = useCallback(
    (instanceId: number) => {
      const item = itemOf(instanceId);
      return (
        instances.get(instanceId)?.name ||
        (item && (localized(item.name) || item.code)) ||
        t('unnamedInstance', { id: instanceId })
      );
    },
    [instances, itemOf, localized, t],
  );
  const itemCodeOf = useCallback((instanceId: number) => itemOf(instanceId)?.code, [itemOf]);
  return useMemo(() => ({ nameOf, itemCodeOf, failed: false }), [nameOf, itemCodeOf]);
}
