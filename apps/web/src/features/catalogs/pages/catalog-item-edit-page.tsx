// /ctl/catalog-detail/:catalogId/item-list/edit/:itemId: editing one item, its attributes and its workflow state.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Catalog } from '@costory/shared';
import type { CatalogItemEditParams } from '@/lib/routing/route-params';
import { getItemQueryOptions } from '../api/items';
import { CatalogFrame } from '../components/catalog-frame';
import { ItemEditor } from '../components/item-editor';
import { catalogPaths } from '../lib/catalog-paths';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { failureOtherThanNotFound, isProblem, problemText } from '@/lib/problem-text';

function EditItem({ catalog, itemId }: { catalog: Catalog; itemId: number }) {
  const { t } = useTranslation('catalogs');
  const { t: tCommon } = useTranslation();
  const item = useQuery(getItemQueryOptions(catalog.id, itemId));
  const { t: tErrors } = useTranslation('errors');
  useQueryErrorToast(failureOtherThanNotFound(item), tErrors('load.items'));
  if (item.isPending) {
    return (
      <Skeleton variant="rounded" height={420} aria-label={tCommon('loading')} role="status" />
    );
  }
  if (item.isError) {
    return (
      <Alert
        severity={isProblem(item.error, 'NOT_FOUND') ? 'info' : 'error'}
        action={
          <Button
            component={RouterLink}
            to={catalogPaths.items(catalog.id)}
            color="inherit"
            size="small"
          >
            {t('item.backToList')}
          </Button>
        }
      >
        {isProblem(item.error, 'NOT_FOUND')
          ? t('item.notFound')
          : problemText(item.error, t('item.loadFailed'))}
      </Alert>
    );
  }
  // Keyed by item, so another item's page starts from that item's values.
  return <ItemEditor key={item.data.id} catalog={catalog} item={item.data} />;
}

export function CatalogItemEditPage({ catalogId, itemId }: CatalogItemEditParams) {
  return (
    <CatalogFrame catalogId={catalogId} section="items">
      {(catalog) => <EditItem catalog={catalog} itemId={itemId} />}
    </CatalogFrame>
  );
}
