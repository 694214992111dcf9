// The bulk change by percentage: percent (−90..500) and an optional catalog, a preview of before → after from the
// server (apply: false), then "Apply" (apply: true). Changing an input after the preview asks for a new one.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pickLocalized, type PriceAdjustment, type PriceAdjustmentResult } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { isProblem, problemText } from '@/lib/problem-text';
import { useAdjustSupplierPrices, type SupplierPriceCatalog } from '../api/supplier-prices';
import {
  formatSupplierPrice,
  priceAdjustmentFormSchema,
  type PriceAdjustmentFormValues,
} from '@/lib/supplier-prices';

interface Preview {
  /** The inputs the preview was made for; once they change, the preview no longer holds. */
  values: PriceAdjustmentFormValues;
  request: PriceAdjustment;
  result: PriceAdjustmentResult;
}

function PreviewTable({
  result,
  catalogs,
}: {
  result: PriceAdjustmentResult;
  catalogs: readonly SupplierPriceCatalog[];
}) {
  const { t } = useTranslation('companies');
  const locale = useUiLocale();
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label={t('adjust.previewTable')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adjust.column.catalog')}</TableCell>
            <TableCell>{t('adjust.column.role')}</TableCell>
            <TableCell align="right">{t('adjust.column.before')}</TableCell>
            <TableCell align="right">{t('adjust.column.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.changes.map((change) => {
            const catalog = catalogs.find((entry) => entry.catalogId === change.catalogId);
            const role = catalog?.roles.find((entry) => entry.roleId === change.roleId);
            // A catalog added since the page loaded is not in the table; its ids still say which.
            const currency = catalog?.currency ?? '';
            const money = (price: string) =>
              currency ? formatSupplierPrice(price, currency, locale) : price;
            return (
              <TableRow key={`${change.catalogId}:${change.roleId}`}>
                <TableCell>{catalog?.name ?? `#${change.catalogId}`}</TableCell>
                <TableCell>
                  {role && catalog
                    ? pickLocalized(role.name, locale, catalog.defaultLanguage)
                    : `#${change.roleId}`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(change.before)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {money(change.after)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface PriceAdjustmentDialogProps {
  companyId: number;
  catalogs: readonly SupplierPriceCatalog[];
  onClose: () => void;
}

export function PriceAdjustmentDialog({
  companyId,
  catalogs,
  onClose,
}: PriceAdjustmentDialogProps) {
  const { t } = useTranslation('companies');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const adjust = useAdjustSupplierPrices(companyId);
  const [preview, setPreview] = useState<Preview | null>(null);
  const form = useLocalizedForm(priceAdjustmentFormSchema, {
    defaultValues: { percent: '', catalogId: '' },
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'companies');
      return { percent: tFixed('fieldName.percent') };
    },
  });
  const watched = useWatch({ control: form.control });
  const current =
    preview !== null &&
    watched.percent === preview.values.percent &&
    watched.catalogId === preview.values.catalogId;

  const showServerErrors = (error: unknown) =>
    isProblem(error, 'VALIDATION_FAILED') &&
    applyServerFieldErrors(form.setError, error.errors, ['percent']);

  const requestPreview = async (values: { percent: number; catalogId: string }) => {
    const request: PriceAdjustment = {
      percent: values.percent,
      ...(values.catalogId === '' ? {} : { catalogId: Number(values.catalogId) }),
      apply: false,
    };
    const typed = form.getValues();
    try {
      const result = await adjust.mutateAsync(request);
      setPreview({ values: typed, request, result });
    } catch (error) {
      setPreview(null);
      if (!showServerErrors(error)) toast.error(problemText(error, t('adjust.previewFailed')));
    }
  };

  const apply = async () => {
    if (!preview) return;
    try {
      const result = await adjust.mutateAsync({ ...preview.request, apply: true });
      toast.success(t('adjust.applied', { count: result.changes.length }));
      onClose();
    } catch (error) {
      toast.error(tErrors('write.rolePriceUpdate'));
      showServerErrors(error);
    }
  };

  const changeCount = preview?.result.changes.length ?? 0;
  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      onClose={adjust.isPending ? undefined : onClose}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('adjust.title')}</DialogTitle>
      <Box
        component="form"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void form.handleSubmit(requestPreview)(event)}
      >
        <DialogContent dividers>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('adjust.intro')}</Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr)' },
              columnGap: 2,
            }}
          >
            <FormTextField
              control={form.control}
              name="percent"
              label={t('adjust.percent')}
              required
              helperText={t('adjust.percentHint')}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
            <Controller
              control={form.control}
              name="catalogId"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('adjust.catalog')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  helperText=" "
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">{t('adjust.allCatalogs')}</MenuItem>
                  {catalogs.map((catalog) => (
                    <MenuItem key={catalog.catalogId} value={String(catalog.catalogId)}>
                      {catalog.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          {preview && current ? (
            changeCount === 0 ? (
              <Alert severity="info">{t('adjust.nothing')}</Alert>
            ) : (
              <>
                <Typography role="status" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('adjust.changes', { count: changeCount })}
                </Typography>
                <PreviewTable result={preview.result} catalogs={catalogs} />
              </>
            )
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={adjust.isPending} color="inherit">
            {tCommon('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant={current ? 'outlined' : 'contained'}
            loading={adjust.isPending && adjust.variables?.apply === false}
            disabled={adjust.isPending}
          >
            {t('adjust.preview')}
          </Button>
          <Button
            variant="contained"
            disabled={!current || changeCount === 0 || adjust.isPending}
            loading={adjust.isPending && adjust.variables?.apply === true}
            onClick={() => void apply()}
          >
            {t('adjust.apply')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
