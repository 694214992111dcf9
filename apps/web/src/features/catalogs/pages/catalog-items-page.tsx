// /ctl/catalog-detail/:catalogId/item-list/:itemId?/groups/:groupId?/itemsLabels/:itemsLabels?: the group tree
// beside the item list; the route holds the group, the label filter and the item open in the side view.
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Catalog } from '@costory/shared';
import type { CatalogItemsParams } from '@/lib/routing/route-params';
import { getGroupsQueryOptions } from '../api/groups';
import { getLabelsQueryOptions } from '../api/labels';
import { getPhasesQueryOptions } from '../api/phases';
import { CatalogFrame } from '../components/catalog-frame';
import { GroupTree } from '../components/group-tree';
import { ItemList } from '../components/item-list';
import { ItemView } from '../components/item-view';
import { catalogPaths } from '../lib/catalog-paths';

interface WorkspaceProps {
  catalog: Catalog;
  itemId: number | undefined;
  groupId: number | undefined;
  labelIds: readonly number[];
}

function ItemsWorkspace({ catalog, itemId, groupId, labelIds }: WorkspaceProps) {
  const navigate = useNavigate();
  const groups = useQuery(getGroupsQueryOptions(catalog.id));
  const phases = useQuery(getPhasesQueryOptions(catalog.id));
  const labels = useQuery(getLabelsQueryOptions(catalog.id));
  const closeItem = () => void navigate(catalogPaths.items(catalog.id, { groupId, labelIds }));

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' },
      }}
    >
      <GroupTree catalog={catalog} selectedGroupId={groupId} labelIds={labelIds} />
      <ItemList
        catalog={catalog}
        groupId={groupId}
        labelIds={labelIds}
        itemId={itemId}
        labels={labels.data ?? []}
        labelsLoaded={!labels.isPending}
      />
      <Drawer
        anchor="right"
        open={itemId !== undefined}
        onClose={closeItem}
        // Above the fixed header: the item view is a modal panel over the whole page.
        sx={(theme) => ({ zIndex: theme.zIndex.drawer + 2 })}
        slotProps={{
          paper: { sx: { width: { xs: '100%', sm: 560 } }, 'aria-labelledby': 'item-view-title' },
        }}
      >
        {itemId !== undefined ? (
          <ItemView
            catalog={catalog}
            itemId={itemId}
            groups={groups.data ?? []}
            phases={phases.data ?? []}
            labels={labels.data ?? []}
            onClose={closeItem}
          />
        ) : null}
      </Drawer>
    </Box>
  );
}

export function CatalogItemsPage({ catalogId, itemId, groupId, itemsLabels }: CatalogItemsParams) {
  return (
    <CatalogFrame catalogId={catalogId} section="items">
      {(catalog) => (
        <ItemsWorkspace
          catalog={catalog}
          itemId={itemId}
          groupId={groupId}
          labelIds={itemsLabels}
        />
      )}
    </CatalogFrame>
  );
}
