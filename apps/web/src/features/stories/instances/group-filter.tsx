// The catalog's groups as a tree beside the instance list: choosing one shows the instances of it and its sub-groups.
import { Fragment, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { Story, StoryCatalog } from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';

type Group = StoryCatalog['groups'][number];

export interface GroupFilterProps {
  story: Story;
  groups: readonly Group[];
  selected: number | undefined;
  onSelect: (groupId: number | undefined) => void;
}

/** A list item around its button: MUI's ListItem (its own chunk of code) adds nothing here. */
function GroupItem({ children }: { children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', width: '100%' }}>
      {children}
    </Box>
  );
}

export function GroupFilter({ story, groups, selected, onSelect }: GroupFilterProps) {
  const { t } = useTranslation('instances');
  const localized = useLocalizedText(story.catalog);
  const children = useMemo(() => {
    const map = new Map<number | null, Group[]>();
    for (const group of groups)
      map.set(group.parentId, [...(map.get(group.parentId) ?? []), group]);
    return map;
  }, [groups]);

  const branch = (parentId: number | null, depth: number) =>
    (children.get(parentId) ?? []).map((group) => (
      <Fragment key={group.id}>
        <GroupItem>
          <ListItemButton
            selected={selected === group.id}
            aria-current={selected === group.id ? 'page' : undefined}
            onClick={() => onSelect(group.id)}
            sx={{ pl: 2 + depth * 2, py: 0.5 }}
          >
            <ListItemText primary={localized(group.name) || group.code} />
          </ListItemButton>
        </GroupItem>
        {branch(group.id, depth + 1)}
      </Fragment>
    ));

  return (
    <List dense aria-label={t('list.groups')} disablePadding>
      <GroupItem>
        <ListItemButton
          selected={selected === undefined}
          aria-current={selected === undefined ? 'page' : undefined}
          onClick={() => onSelect(undefined)}
          sx={{ py: 0.5 }}
        >
          <ListItemText
            primary={t('list.allGroups')}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
        </ListItemButton>
      </GroupItem>
      {branch(null, 0)}
    </List>
  );
}
