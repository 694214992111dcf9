// A supplier's price setup: one price table per catalog the tenant uses, the bulk change by percentage, and the prices' export and import as a spreadsheet.
import { Suspense, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import PercentIcon from '@mui/icons-material/Percent';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PartnerCompany } from '@costory/shared';
import { EmptyState } from '@/components/empty-state';
import { useToast } from '@/components/feedback/toast';
import { SectionHeader } from '@/components/section-header';
import { useOpenAfterLoad } from '@/hooks/use-open-after-load';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { lazyComponent } from '@/lib/lazy-component';
import { problemText } from '@/lib/problem-text';
import { whenIdle } from '@/lib/when-idle';
import { downloadSupplierPrices } from '../api/price-sheet';
import { getSupplierPricesQueryOptions, type SupplierPriceCatalog } from '../api/supplier-prices';
import { CatalogPriceForm } from './catalog-price-form';
import { PriceAdjustmentDialog } from './price-adjustment-dialog';

// The import dialog (drop zone, report tables) loads when the page is idle, or when first opened.
const importDialog = lazyComponent(
  async () => (await import('./price-import-dialog')).PriceImportDialog,
);

/**
 * A catalog's form is re-created when any of its rows changes version (a save, a bulk change, a
 * reload after a conflict), so it shows the stored prices; other catalogs keep what was typed.
 */
function formKey(catalog: SupplierPriceCatalog): string {
  const rows = catalog.roles.map((role) => `${role.roleId}@${role.version ?? '-'}`);
  return `${catalog.catalogId}:${rows.join(',')}`;
}

export function PriceSetup({ company }: { company: PartnerCompany }) {
  const { t } = useTranslation('companies');
  const { t: tErrors } = useTranslation('errors');
  const headingId = useId();
  const prices = useQuery(getSupplierPricesQueryOptions(company.id));
  useQueryErrorToast(prices, tErrors('load.rolePrices'));
  const [adjusting, setAdjusting] = useState(false);
  const [importing, setImporting] = useState(false);
  const openImport = useOpenAfterLoad(importDialog, setImporting);
  useEffect(
    // A failed download is tried again, and said, when the dialog is opened.
    () => whenIdle(() => void importDialog.preload().catch(() => undefined)),
    [],
  );
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const exportPrices = async () => {
    setExporting(true);
    try {
      const name = await downloadSupplierPrices(company.id);
      toast.success(t('prices.exported', { name }));
    } catch (error) {
      toast.error(problemText(error, t('prices.exportFailed')));
    } finally {
      setExporting(false);
    }
  };
  const catalogs = prices.data?.catalogs ?? [];

  let content;
  if (prices.isPending) {
    content = (
      <Box role="status" aria-label={t('prices.loading')}>
        <Skeleton variant="rounded" height={220} />
      </Box>
    );
  } else if (prices.isError) {
    content = (
      <EmptyState
        icon={<SellOutlinedIcon />}
        title={tErrors('load.rolePrices')}
        text={t('prices.loadFailedText')}
        action={<Button onClick={() => void prices.refetch()}>{t('prices.retry')}</Button>}
      />
    );
  } else if (catalogs.length === 0) {
    content = (
      <EmptyState
        icon={<SellOutlinedIcon />}
        title={t('prices.emptyTitle')}
        text={t('prices.emptyText')}
      />
    );
  } else {
    content = catalogs.map((catalog) => (
      <CatalogPriceForm key={formKey(catalog)} companyId={company.id} catalog={catalog} />
    ));
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <SectionHeader
        id={headingId}
        title={t('prices.title')}
        text={t('prices.intro')}
        action={
          catalogs.length > 0 ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<TableViewOutlinedIcon />}
                loading={exporting}
                onClick={() => void exportPrices()}
              >
                {t('prices.export')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlinedIcon />}
                onClick={() => openImport(true)}
              >
                {t('priceImport.open')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<PercentIcon />}
                onClick={() => setAdjusting(true)}
              >
                {t('adjust.open')}
              </Button>
            </Stack>
          ) : null
        }
      />
      {content}
      {adjusting ? (
        <PriceAdjustmentDialog
          companyId={company.id}
          catalogs={catalogs}
          onClose={() => setAdjusting(false)}
        />
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <importDialog.Component company={company} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
