// One catalog of a supplier's price setup: per role the catalog's price and the supplier's as an editable field;
// "Save prices" sends only the changed rows with their versions, and a 409 keeps the input.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SupplierPriceRole } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { PriceField } from '@/components/price-field';
import { i18n } from '@/i18n';
import { useLocalizedForm } from '@/lib/validation';
import { ConflictAlert } from '@/components/conflict-alert';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { isProblem } from '@/lib/problem-text';
import {
  getSupplierPricesQueryOptions,
  useSaveSupplierPrices,
  type SupplierPriceCatalog,
} from '../api/supplier-prices';
import {
  catalogPricesFormSchema,
  catalogPricesFormValues,
  changedPrices,
  formPathOfServerField,
  formatSupplierPrice,
  onlyNewPrices,
  priceAsInput,
  type CatalogPricesFormOutput,
  type CatalogPricesFormValues,
} from '@/lib/supplier-prices';

interface PriceRowProps {
  control: Control<CatalogPricesFormValues, unknown, CatalogPricesFormOutput>;
  index: number;
  role: SupplierPriceRole;
  catalog: SupplierPriceCatalog;
}

function PriceRow({ control, index, role, catalog }: PriceRowProps) {
  const { t } = useTranslation('companies');
  const { t: tDomain } = useTranslation('domain');
  const locale = useUiLocale();
  const localized = useLocalizedText(catalog);
  const name = localized(role.name);
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
          {role.code}
        </Typography>
      </TableCell>
      <TableCell>{tDomain(`unit.${role.unit}`)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {t('prices.perUnit', {
          price: formatSupplierPrice(role.catalogPrice, catalog.currency, locale),
          unit: tDomain(`unitSymbol.${role.unit}`),
        })}
      </TableCell>
      <TableCell>
        <PriceField
          control={control}
          name={`prices.${index}.price`}
          label={t('prices.priceLabel', { role: name })}
          currency={catalog.currency}
          // Empty shows the price that applies then: the catalog's.
          placeholder={priceAsInput(role.catalogPrice, locale)}
        />
      </TableCell>
    </TableRow>
  );
}

export interface CatalogPriceFormProps {
  companyId: number;
  catalog: SupplierPriceCatalog;
}

/**
 * The form starts from the catalog block it is mounted with; the parent keys it by the rows'
 * versions, so a save or a bulk change shows the new prices while unsaved input elsewhere stays.
 */
export function CatalogPriceForm({ companyId, catalog }: CatalogPriceFormProps) {
  const { t } = useTranslation('companies');
  const { t: tErrors } = useTranslation('errors');
  const locale = useUiLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useSaveSupplierPrices(companyId);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useLocalizedForm(catalogPricesFormSchema, {
    defaultValues: catalogPricesFormValues(catalog.roles, locale),
    fieldLabels: (labelLocale) => ({
      'prices.*.price': i18n.getFixedT(labelLocale, 'companies')('fieldName.price'),
    }),
  });
  const title = t('prices.form', { catalog: catalog.name });

  const submit = async (values: CatalogPricesFormOutput) => {
    const changes = changedPrices(catalog.roles, values);
    if (changes.length === 0) {
      // Only spelled differently ("1200.50" for "1200.5"): nothing to send.
      form.reset(form.getValues());
      return;
    }
    // Awaited rather than mutate callbacks: a save re-keys this form, and toasts must still show.
    try {
      await save.mutateAsync({ catalogId: catalog.catalogId, prices: changes });
      toast.success(t('prices.saved', { count: changes.length, catalog: catalog.name }));
    } catch (error) {
      const creating = onlyNewPrices(catalog.roles, changes);
      toast.error(tErrors(creating ? 'write.rolePriceCreate' : 'write.rolePriceUpdate'));
      if (isProblem(error, 'CONFLICT')) setConflict(true);
      else if (isProblem(error, 'VALIDATION_FAILED')) {
        for (const problem of error.errors) {
          const path = formPathOfServerField(problem.field, catalog.roles, changes);
          if (path) form.setError(path, { type: problem.rule, message: problem.message });
        }
      }
    }
  };

  const loadLatest = async () => {
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({
        ...getSupplierPricesQueryOptions(companyId),
        staleTime: 0,
      });
      const block = latest.catalogs.find((entry) => entry.catalogId === catalog.catalogId);
      form.reset(catalogPricesFormValues(block?.roles ?? catalog.roles, locale));
      setConflict(false);
    } catch {
      toast.error(tErrors('load.rolePrices'));
    } finally {
      setReloading(false);
    }
  };

  const { isDirty } = form.formState;
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label={title}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      sx={{ mb: 3 }}
    >
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {catalog.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('prices.catalog', { code: catalog.code, currency: catalog.currency })}
        </Typography>
      </Box>
      {conflict ? (
        <Box sx={{ px: { xs: 2, sm: 3 } }}>
          <ConflictAlert
            message={t('prices.conflict')}
            onReload={() => void loadLatest()}
            reloading={reloading}
          />
        </Box>
      ) : null}
      {catalog.roles.length === 0 ? (
        <Typography sx={{ px: { xs: 2, sm: 3 }, pb: 3, color: 'text.secondary' }}>
          {t('prices.noRoles')}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table aria-label={title} sx={{ tableLayout: 'fixed', minWidth: 680 }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '32%' }}>{t('prices.column.role')}</TableCell>
                  <TableCell sx={{ width: '18%' }}>{t('prices.column.unit')}</TableCell>
                  <TableCell sx={{ width: '20%' }} align="right">
                    {t('prices.column.catalogPrice')}
                  </TableCell>
                  <TableCell>{t('prices.column.price')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {catalog.roles.map((role, index) => (
                  <PriceRow
                    key={role.roleId}
                    control={form.control}
                    index={index}
                    role={role}
                    catalog={catalog}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'flex-end', p: 2 }}
          >
            <Button
              variant="text"
              disabled={!isDirty || save.isPending}
              onClick={() => form.reset()}
            >
              {t('prices.discard')}
            </Button>
            <Button type="submit" variant="contained" disabled={!isDirty} loading={save.isPending}>
              {t('prices.save')}
            </Button>
          </Stack>
        </>
      )}
    </Paper>
  );
}
