// Names of a story's instances for the summaries, which get only ids from the calculation.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Story } from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { useStoryInstanceIndex } from '../api/summary';

export interface InstanceNames {
  /** The instance's own name, else its item's; null while the names load. */
  nameOf: (instanceId: number) => string | null;
  /** The code of the instance's item, shown under its name. */
  itemCodeOf: (instanceId: number) => string | undefined;
  failed: boolean;
}

export function useInstanceNames(story: Story, enabled: boolean): InstanceNames {
  const { t } = useTranslation('summaries');
  const localized = useLocalizedText(story.catalog);
  const index = useStoryInstanceIndex(story.id, enabled);
  const { byId, loading, failed } = index;
  const nameOf = useCallback(
    (instanceId: number) => {
      const instance = byId.get(instanceId);
      if (instance) return instance.name || localized(instance.item.name) || instance.item.code;
      // An instance added since the list was read, or a list that failed: its number will do.
      return loading ? null : t('unnamedInstance', { id: instanceId });
    },
    [byId, loading, localized, t],
  );
  const itemCodeOf = useCallback((instanceId: number) => byId.get(instanceId)?.item.code, [byId]);
  return { nameOf, itemCodeOf, failed };
}
