// /companies/:companyId: a supplier's or subscriber's details with edit and delete and, for a supplier, the price setup;
// a company that does not exist or belongs to another tenant (404) is the not-found page.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PartnerCompany } from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import type { PartnerCompanyParams } from '@/lib/routing/route-params';
import { EmptyState } from '@/components/empty-state';
import { NotFoundPage } from '@/components/not-found-page';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { isProblem } from '@/lib/problem-text';
import { getPartnerCompanyQueryOptions } from '../api/partner-companies';
import { PartnerCompanyDetails } from '../components/partner-company-details';
import { PartnerCompanyDialog } from '../components/partner-company-dialog';
import { PriceSetup } from '../components/price-setup';
import { useConfirmedCompanyDelete } from '../hooks/use-confirmed-company-delete';

function Company({ company }: { company: PartnerCompany }) {
  const { t } = useTranslation('companies');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const askDelete = useConfirmedCompanyDelete((deleted) => navigate(paths.companies(deleted.kind)));

  return (
    <>
      <title>{`${company.name} · ${t('list.title')} · ${tCommon('appName')}`}</title>
      <Link
        component={RouterLink}
        to={paths.companies(company.kind)}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" />
        {t(`detail.back.${company.kind}`)}
      </Link>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {t(`kind.${company.kind}`)}
          </Typography>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {company.name}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
            onClick={() => setEditing(true)}
          >
            {t('detail.edit')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => askDelete(company)}
          >
            {t('detail.delete')}
          </Button>
        </Stack>
      </Box>
      <PartnerCompanyDetails company={company} />
      {company.kind === 'SUPPLIER' ? (
        <PriceSetup company={company} />
      ) : (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('detail.subscriberNote')}
        </Alert>
      )}
      {editing ? (
        <PartnerCompanyDialog
          kind={company.kind}
          company={company}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </>
  );
}

export function CompanyDetailPage({ companyId }: PartnerCompanyParams) {
  const { t } = useTranslation('companies');
  const { t: tCommon } = useTranslation();
  const company = useQuery(getPartnerCompanyQueryOptions(companyId));
  const notFound = isProblem(company.error, 'NOT_FOUND');
  // A missing company is the not-found page, not a failure to report.
  useQueryErrorToast(
    { isError: company.isError && !notFound, errorUpdatedAt: company.errorUpdatedAt },
    t('detail.loadFailed'),
  );

  if (notFound) return <NotFoundPage />;
  return (
    <Box sx={{ py: 3 }}>
      {company.data ? (
        <Company key={company.data.id} company={company.data} />
      ) : company.isError ? (
        <EmptyState
          icon={<HandshakeOutlinedIcon />}
          title={t('detail.loadFailed')}
          text={t('detail.loadFailedText')}
          action={<Button onClick={() => void company.refetch()}>{t('detail.retry')}</Button>}
        />
      ) : (
        <Box role="status" aria-label={tCommon('loading')}>
          <Skeleton width={160} />
          <Skeleton variant="text" width={320} height={48} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      )}
    </Box>
  );
}
