// /ctl/catalog-detail/:catalogId/item-list/create/:groupId?: suggesting a new item (saved as pending), optionally in a group.
import type { CatalogItemCreateParams } from '@/lib/routing/route-params';
import { CatalogFrame } from '../components/catalog-frame';
import { ItemEditor } from '../components/item-editor';

export function CatalogItemCreatePage({ catalogId, groupId }: CatalogItemCreateParams) {
  return (
    <CatalogFrame catalogId={catalogId} section="items">
      {(catalog) => <ItemEditor catalog={catalog} groupId={groupId} />}
    </CatalogFrame>
  );
}
