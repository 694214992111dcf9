// Creating or editing a lineup: name, description, the story company's supplier and customer, and a custom price per catalog role (empty: the supplier's or the catalog's applies).
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type {
  LineupPricing,
  Locale,
  PartnerCompany,
  PartnerKind,
  Story,
  StoryCatalog,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { SharedWithField } from './shared-with-field';
import { PriceField } from '@/components/price-field';
import { i18n } from '@/i18n';
import { useLocalizedForm } from '@/lib/validation';
import { ConflictAlert } from '@/components/conflict-alert';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { isProblem } from '@/lib/problem-text';
import { formatSupplierPrice, priceAsInput } from '@/lib/supplier-prices';
import {
  getLineupPartnersQueryOptions,
  getLineupQueryOptions,
  getLineupSupplierPricesQueryOptions,
  useLineupMutations,
} from '../api/lineups';
import {
  formPathOfLineupField,
  lineupBody,
  lineupFormSchema,
  lineupFormValues,
  type LineupFormOutput,
  type LineupFormValues,
} from './lineup-form';

function fieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'lineups');
  return {
    name: t('form.fieldName.name'),
    description: t('form.fieldName.description'),
    supplierId: t('form.fieldName.supplierId'),
    subscriberId: t('form.fieldName.subscriberId'),
    'prices.*.price': t('form.fieldName.price'),
    sharedWith: t('form.fieldName.sharedWith'),
  };
}

interface PartnerFieldProps {
  control: Control<LineupFormValues, unknown, LineupFormOutput>;
  storyId: number;
  kind: PartnerKind;
  /** The lineup's current company, shown before the list arrives. */
  current: { id: number; name: string } | undefined;
}

/** How long typing rests before the list is searched on the server. */
const SEARCH_DELAY_MS = 250;

const NO_PRICES: ReadonlyMap<number, string> = new Map();

type PartnerOption = Pick<PartnerCompany, 'id' | 'name'>;

function PartnerField({ control, storyId, kind, current }: PartnerFieldProps) {
  const { t } = useTranslation('lineups');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // The chosen company stays shown whatever the search lists.
  const [chosen, setChosen] = useState<PartnerOption | null>(current ?? null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const partners = useQuery({
    ...getLineupPartnersQueryOptions(storyId, kind, search),
    placeholderData: keepPreviousData,
  });
  const options: PartnerOption[] = partners.data?.items ?? [];
  const supplier = kind === 'SUPPLIER';
  const name = supplier ? 'supplierId' : 'subscriberId';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          loading={partners.isFetching}
          value={chosen !== null && chosen.id === field.value ? chosen : null}
          onChange={(_event, partner) => {
            setChosen(partner);
            field.onChange(partner?.id);
          }}
          inputValue={input}
          onInputChange={(_event, value, reason) => {
            // Choosing an option writes its name into the box; that is no search.
            setInput(reason === 'input' ? value : '');
          }}
          // The server searches (name, e-mail, city, accents folded); nothing more to filter here.
          filterOptions={(all) => all}
          onBlur={field.onBlur}
          getOptionLabel={(partner) => partner.name}
          getOptionKey={(partner) => partner.id}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={
            <>
              {t(supplier ? 'form.noSuppliers' : 'form.noSubscribers')}{' '}
              <Link component={RouterLink} to={paths.companies(kind)}>
                {t('form.manageCompanies')}
              </Link>
            </>
          }
          renderInput={(params) => (
            <TextField
              {...params}
              required
              inputRef={field.ref}
              label={t(supplier ? 'form.supplier' : 'form.subscriber')}
              error={fieldState.error !== undefined}
              helperText={
                fieldState.error?.message ??
                t(supplier ? 'form.supplierHelp' : 'form.subscriberHelp')
              }
            />
          )}
        />
      )}
    />
  );
}

interface PricesTableProps {
  control: Control<LineupFormValues, unknown, LineupFormOutput>;
  story: Story;
  catalog: StoryCatalog;
  /** The chosen supplier's prices by role (none until one is chosen). */
  supplierPrices: ReadonlyMap<number, string>;
}

function PricesTable({ control, story, catalog, supplierPrices }: PricesTableProps) {
  const { t } = useTranslation('lineups');
  const { t: tDomain } = useTranslation('domain');
  const locale = useUiLocale();
  const localized = useLocalizedText(story.catalog);
  const { currency } = story.catalog;
  return (
    <TableContainer sx={{ mt: 1 }}>
      <Table size="small" aria-label={t('form.pricesTitle')} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '34%' }}>{t('column.role')}</TableCell>
            <TableCell align="right" sx={{ width: '22%' }}>
              {t('column.catalogPrice')}
            </TableCell>
            <TableCell align="right" sx={{ width: '20%' }}>
              {t('column.supplierPrice')}
            </TableCell>
            <TableCell>{t('column.customPrice')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {catalog.roles.map((role, index) => {
            const name = localized(role.name);
            const supplierPrice = supplierPrices.get(role.id);
            const unit = tDomain(`unitSymbol.${role.unit}`);
            return (
              <TableRow key={role.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {role.code} · {tDomain(`unit.${role.unit}`)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {role.price === null
                    ? t('detail.none')
                    : t('detail.perUnit', {
                        price: formatSupplierPrice(role.price, currency, locale),
                        unit,
                      })}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {supplierPrice === undefined
                    ? t('detail.none')
                    : formatSupplierPrice(supplierPrice, currency, locale)}
                </TableCell>
                <TableCell>
                  <PriceField
                    control={control}
                    name={`prices.${index}.price`}
                    label={t('form.customPriceLabel', { role: name })}
                    currency={currency}
                    // Empty leaves the price that applies then: the supplier's, else the catalog's.
                    placeholder={priceAsInput(supplierPrice ?? role.price ?? '', locale)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface LineupDialogProps {
  story: Story;
  catalog: StoryCatalog;
  /** The lineup to edit, priced; a new one when absent. */
  lineup?: LineupPricing;
  onClose: () => void;
}

export function LineupDialog({ story, catalog, lineup, onClose }: LineupDialogProps) {
  const { t } = useTranslation('lineups');
  const locale = useUiLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutations = useLineupMutations(story.id);
  const [editing, setEditing] = useState(lineup);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useLocalizedForm(lineupFormSchema, {
    defaultValues: lineupFormValues(catalog.roles, lineup, locale),
    fieldLabels,
  });
  const supplierId = form.watch('supplierId');
  const supplierPrices = useQuery({
    ...getLineupSupplierPricesQueryOptions(story.id, supplierId),
    enabled: typeof supplierId === 'number',
  });
  const saving = mutations.create.isPending || mutations.update.isPending;

  const submit = async (values: LineupFormOutput) => {
    const body = lineupBody(values);
    try {
      if (editing) {
        await mutations.update.mutateAsync({
          id: editing.id,
          body: { ...body, version: editing.version },
        });
        toast.success(t('form.updated'));
      } else {
        await mutations.create.mutateAsync(body);
        toast.success(t('form.created'));
      }
      onClose();
    } catch (error) {
      toast.error(t(editing ? 'form.updateFailed' : 'form.createFailed'));
      if (isProblem(error, 'CONFLICT')) setConflict(true);
      else if (isProblem(error, 'VALIDATION_FAILED')) {
        let first = true;
        for (const problem of error.errors) {
          const path = formPathOfLineupField(problem.field, values);
          if (!path) continue;
          form.setError(
            path,
            { type: problem.rule, message: problem.message },
            { shouldFocus: first },
          );
          first = false;
        }
      }
    }
  };

  const loadLatest = async () => {
    if (!editing) return;
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({
        ...getLineupQueryOptions(story.id, editing.id),
        staleTime: 0,
      });
      setEditing(latest);
      form.reset(lineupFormValues(catalog.roles, latest, locale));
      setConflict(false);
    } catch {
      toast.error(t('loadFailed'));
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormDialog
      open
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      submitLabel={t(editing ? 'form.save' : 'form.create')}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      onClose={onClose}
      submitting={saving}
      maxWidth="md"
      fullWidth
    >
      {conflict ? (
        <ConflictAlert
          message={t('form.conflict')}
          onReload={() => void loadLatest()}
          reloading={reloading}
        />
      ) : null}
      <FormTextField
        control={form.control}
        name="name"
        label={t('form.name')}
        required
        autoFocus
        sx={{ mt: 1 }}
      />
      <FormTextField
        control={form.control}
        name="description"
        label={t('form.description')}
        multiline
        minRows={2}
      />
      {/* Keyed by the version: a reload after a conflict shows the stored companies. */}
      <PartnerField
        key={`supplier-${editing?.version ?? 'new'}`}
        control={form.control}
        storyId={story.id}
        kind="SUPPLIER"
        current={editing?.supplier}
      />
      <PartnerField
        key={`subscriber-${editing?.version ?? 'new'}`}
        control={form.control}
        storyId={story.id}
        kind="SUBSCRIBER"
        current={editing?.subscriber}
      />
      <SharedWithField control={form.control} storyId={story.id} />
      <Typography variant="h3" sx={{ fontSize: '1rem', mt: 2 }}>
        {t('form.pricesTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('form.pricesIntro')}
      </Typography>
      <PricesTable
        control={form.control}
        story={story}
        catalog={catalog}
        supplierPrices={supplierPrices.data ?? NO_PRICES}
      />
    </FormDialog>
  );
}
