// /companies: the tenant's suppliers and subscribers as tabs (the tab in `?kind=`), search, cursor paging, create, edit and delete.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PARTNER_KINDS, type PartnerCompany, type PartnerKind } from '@costory/shared';
import { COMPANY_KIND_PARAM, companyKindOfParam, companyKindParam } from '@/lib/routing/paths';
import { EmptyState } from '@/components/empty-state';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { getPartnerCompanyListQueryOptions } from '../api/partner-companies';
import { PartnerCompanyDialog } from '../components/partner-company-dialog';
import { PartnerCompanyTable } from '../components/partner-company-table';
import { useConfirmedCompanyDelete } from '../hooks/use-confirmed-company-delete';
import { SearchField } from '@/components/search-field';
import { LoadMoreButton } from '@/components/load-more-button';

/** The dialog open: a new company (no `company`) or the one being edited. */
type Editing = { company?: PartnerCompany } | null;

export function CompaniesPage() {
  const { t } = useTranslation('companies');
  const { t: tCommon } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = companyKindOfParam(searchParams.get(COMPANY_KIND_PARAM));
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const q = useDebouncedValue(search.trim());
  const companies = useInfiniteQuery({
    ...getPartnerCompanyListQueryOptions({ kind, q }),
    // While a new search loads the previous rows stay, so the table does not jump; never across
    // tabs, where suppliers shown under "Subscribers" would mislead.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].kind === kind ? previous : undefined,
  });
  useQueryErrorToast(companies, t('list.loadFailed'));
  const askDelete = useConfirmedCompanyDelete();

  const selectKind = (next: PartnerKind) =>
    // Replaced, not pushed: switching tabs is not a step the back button should undo.
    setSearchParams(next === 'SUPPLIER' ? {} : { [COMPANY_KIND_PARAM]: companyKindParam(next) }, {
      replace: true,
    });

  const rows = companies.data?.pages.flatMap((page) => page.items) ?? [];
  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
      {t(`list.new.${kind}`)}
    </Button>
  );

  return (
    <Box sx={{ py: 3 }}>
      <title>{`${t(`list.tab.${kind}`)} · ${t('list.title')} · ${tCommon('appName')}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1">{t('list.title')}</Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 760 }}>
            {t('list.intro')}
          </Typography>
        </Box>
        {newButton}
      </Box>

      <Paper variant="outlined">
        <Tabs
          value={kind}
          onChange={(_event, value: PartnerKind) => selectKind(value)}
          aria-label={t('list.tabs')}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {PARTNER_KINDS.map((key) => (
            <Tab key={key} value={key} label={t(`list.tab.${key}`)} />
          ))}
        </Tabs>
        <Box role="search" sx={{ p: 2 }}>
          <SearchField
            label={t('list.search')}
            value={search}
            onChange={setSearch}
            sx={{ maxWidth: 480 }}
            fullWidth
          />
        </Box>
        {/* Always 4px tall, so the table never moves when a load starts or ends. */}
        <Box sx={{ height: 4 }}>
          {companies.isFetching && !companies.isPending ? (
            <LinearProgress aria-label={t('list.loading')} />
          ) : null}
        </Box>
        <PartnerCompanyTable
          kind={kind}
          rows={rows}
          isPending={companies.isPending}
          onEdit={(company) => setEditing({ company })}
          onDelete={askDelete}
        />
        {!companies.isPending && !companies.isError && rows.length === 0 ? (
          q !== '' ? (
            <EmptyState
              icon={<SearchIcon />}
              title={t('list.noMatchTitle')}
              text={t('list.noMatchText')}
              action={<Button onClick={() => setSearch('')}>{t('list.clearSearch')}</Button>}
            />
          ) : (
            <EmptyState
              icon={<HandshakeOutlinedIcon />}
              title={t(`list.emptyTitle.${kind}`)}
              text={t(`list.emptyText.${kind}`)}
              action={newButton}
            />
          )
        ) : null}
        {companies.isError && rows.length === 0 ? (
          <EmptyState
            icon={<HandshakeOutlinedIcon />}
            title={t('list.loadFailed')}
            text={t('list.loadFailedText')}
            action={<Button onClick={() => void companies.refetch()}>{t('list.retry')}</Button>}
          />
        ) : null}
        <LoadMoreButton query={companies} label={t('list.loadMore')} />
      </Paper>
      {editing ? (
        <PartnerCompanyDialog
          kind={editing.company?.kind ?? kind}
          company={editing.company}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}
