// Choosing the catalog item a new instance is made of: addable items (COMPLETE, not deprecated), searchable, by group;
// a non-repeatable item the story already has is shown disabled, with the reason.
import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import {
  foldForSearch,
  type Story,
  type StoryCatalog,
  type StoryCatalogItem,
} from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { SearchField } from '@/components/search-field';

export interface AddInstanceDialogProps {
  story: Story;
  catalog: StoryCatalog;
  /** Items of the group the page shows come first. */
  groupId: number | undefined;
  onChoose: (item: StoryCatalogItem) => void;
  onClose: () => void;
}

export function AddInstanceDialog({
  story,
  catalog,
  groupId,
  onChoose,
  onClose,
}: AddInstanceDialogProps) {
  const { t } = useTranslation('instances');
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const localized = useLocalizedText(story.catalog);
  const [search, setSearch] = useState('');
  const sections = useMemo(() => {
    const query = foldForSearch(search.trim());
    const matching = catalog.items.filter(
      (item) =>
        item.addable &&
        (query === '' ||
          foldForSearch(`${item.code} ${Object.values(item.name).join(' ')}`).includes(query)),
    );
    const groups = [...catalog.groups].sort((a, b) =>
      a.id === groupId ? -1 : b.id === groupId ? 1 : 0,
    );
    const byGroup = groups
      .map((group) => ({
        key: String(group.id),
        title: localized(group.name) || group.code,
        items: matching.filter((item) => item.groupId === group.id),
      }))
      .filter((section) => section.items.length > 0);
    const ungrouped = matching.filter((item) => item.groupId === null);
    return ungrouped.length > 0
      ? [...byGroup, { key: 'none', title: t('add.noGroup'), items: ungrouped }]
      : byGroup;
  }, [catalog, search, groupId, localized, t]);

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('add.title')}
      </DialogTitle>
      <IconButton
        aria-label={tCommon('actions.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ p: 0 }}>
        {/* Padding around the field, not on it: the outlined label is placed from the field's edge. */}
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <SearchField
            label={t('add.search')}
            value={search}
            onChange={setSearch}
            fullWidth
            autoFocus
          />
        </Box>
        {sections.length === 0 ? (
          <Typography sx={{ p: 3, color: 'text.secondary' }}>{t('add.none')}</Typography>
        ) : (
          <List aria-label={t('add.title')} sx={{ maxHeight: 420, overflow: 'auto' }}>
            {sections.map((section) => (
              <li key={section.key}>
                <ul style={{ padding: 0 }}>
                  <ListSubheader component="li">{section.title}</ListSubheader>
                  {section.items.map((item) => {
                    const taken = !item.repeatable && item.inStory;
                    return (
                      <ListItem key={item.id} disablePadding>
                        <ListItemButton disabled={taken} onClick={() => onChoose(item)}>
                          <ListItemText
                            primary={localized(item.name) || item.code}
                            secondary={`${item.code} · ${
                              taken
                                ? t('add.alreadyInStory')
                                : item.repeatable
                                  ? t('add.repeatable')
                                  : t('add.once')
                            } · ${t('add.levels', { count: Math.max(1, item.maxLevel) })}`}
                          />
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </ul>
              </li>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
