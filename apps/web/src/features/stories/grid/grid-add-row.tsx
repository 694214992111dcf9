// The grid's last row: pick an item (typing its code or name) and an instance of it is added with its defaults, ready to be typed into; an item whose values must be filled in first opens the full editor.
import { useMemo, useState } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import type { FilterOptionsState } from '@mui/material/useAutocomplete';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  foldForSearch,
  instanceSchema,
  type Instance,
  type Story,
  type StoryCatalog,
  type StoryCatalogItem,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { apiClient } from '@/lib/api-client';
import { useInstanceFailure } from '../instances/use-instance-failure';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { singleItemModel } from '../instances/calc-model';
import { draftFields, draftOf, evaluateDraft } from '../instances/instance-draft';
import { useStoryFigures } from '../lib/story-figures';
import { ADD_COLUMN, CELL_ATTRIBUTE, ROW_ATTRIBUTE } from './grid-keys';

export interface GridAddRowProps {
  story: Story;
  catalog: StoryCatalog;
  /** Items of the group the page shows come first. */
  groupId: number | undefined;
  columns: number;
  onAdded: (instance: Instance) => void;
  /** The item has values without defaults to fill in: the full editor creates it. */
  onNeedsEditor: (item: StoryCatalogItem) => void;
}

export function GridAddRow({
  story,
  catalog,
  groupId,
  columns,
  onAdded,
  onNeedsEditor,
}: GridAddRowProps) {
  const { t } = useTranslation('instances');
  const { t: tErrors } = useTranslation('errors');
  const toast = useToast();
  const failureText = useInstanceFailure();
  const localized = useLocalizedText(story.catalog);
  const figures = useStoryFigures(story.catalog);
  const [adding, setAdding] = useState(false);
  const [input, setInput] = useState('');
  const groupName = useMemo(
    () => new Map(catalog.groups.map((group) => [group.id, localized(group.name) || group.code])),
    [catalog, localized],
  );
  const options = useMemo(() => {
    const groupRank = (item: StoryCatalogItem) =>
      item.groupId === groupId ? -1 : (item.groupId ?? Number.MAX_SAFE_INTEGER);
    return (
      catalog.items
        .filter((item) => item.addable)
        // Grouped options must come group by group; the page's group first.
        .sort((a, b) => groupRank(a) - groupRank(b))
    );
  }, [catalog, groupId]);
  const filterOptions = useMemo(() => {
    const byText = createFilterOptions<StoryCatalogItem>({
      stringify: (item) => foldForSearch(`${item.code} ${Object.values(item.name).join(' ')}`),
    });
    // A code typed in full picks that item (as a spreadsheet user types codes), not the first of those naming it.
    return (items: StoryCatalogItem[], state: FilterOptionsState<StoryCatalogItem>) => {
      const code = state.inputValue.trim().toLocaleUpperCase();
      const exact = items.filter((item) => item.code.toLocaleUpperCase() === code);
      return exact.length > 0 ? exact : byText(items, state);
    };
  }, []);

  const add = async (item: StoryCatalogItem) => {
    const draft = draftOf(item, undefined, figures.locale);
    const state = evaluateDraft(singleItemModel(catalog, item), item, draft);
    if (Object.keys(state.problems).length > 0) return onNeedsEditor(item);
    setAdding(true);
    try {
      const created = await apiClient.post(
        `/stories/${story.id}/instances`,
        { ...draftFields(draft, state.values), itemId: item.id },
        { schema: instanceSchema },
      );
      setInput('');
      onAdded(created);
    } catch (error) {
      toast.error(failureText(tErrors('write.instanceCreate'), error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <TableRow {...{ [ROW_ATTRIBUTE]: '' }}>
      <TableCell colSpan={columns} sx={{ borderBottom: 0 }}>
        <Autocomplete<StoryCatalogItem>
          options={options}
          value={null}
          inputValue={input}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') setInput(value);
          }}
          onChange={(_event, item) => {
            if (item) void add(item);
          }}
          filterOptions={filterOptions}
          groupBy={(item) =>
            item.groupId === null ? t('add.noGroup') : (groupName.get(item.groupId) ?? '')
          }
          getOptionLabel={(item) => `${localized(item.name) || item.code} (${item.code})`}
          getOptionDisabled={(item) => !item.repeatable && item.inStory}
          loading={adding}
          // Read-only, not disabled, while adding: the focus stays here if the add fails.
          readOnly={adding}
          noOptionsText={t('add.none')}
          autoHighlight
          sx={{ maxWidth: 480 }}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('grid.add')}
              helperText={t('grid.addHelp')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, [CELL_ATTRIBUTE]: ADD_COLUMN },
              }}
            />
          )}
        />
      </TableCell>
    </TableRow>
  );
}
