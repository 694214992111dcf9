// /ctl/catalog-detail/:catalogId: the catalog's overview: description, facts, counts of its parts and its history.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import ImportExportOutlinedIcon from '@mui/icons-material/ImportExportOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog } from '@costory/shared';
import type { CatalogParams } from '@/lib/routing/route-params';
import { formatDate, formatNumber } from '@/lib/format';
import { getGroupsQueryOptions } from '../api/groups';
import { getLabelsQueryOptions } from '../api/labels';
import { getPhasesQueryOptions } from '../api/phases';
import { getRolesQueryOptions } from '../api/roles';
import { reportPaths } from '@/components/exports/api';
import { ReportDownloads } from '@/components/exports/report-downloads';
import { CatalogFrame } from '../components/catalog-frame';
import { EventsList } from '../components/events-list';
import { WorkbookDownloadButton } from '../components/workbook-downloads';
import { useLanguages, useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { catalogPaths } from '../lib/catalog-paths';

interface CountCardProps {
  label: string;
  count: number | undefined;
  icon: ReactNode;
  to: string;
}

function CountCard({ label, count, icon, to }: CountCardProps) {
  const locale = useUiLocale();
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
            {icon}
          </Box>
          <Box>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>
              {count === undefined ? <Skeleton width={40} /> : formatNumber(count, locale)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Overview({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const localized = useLocalizedText(catalog);
  const { nameOf } = useLanguages();
  const groups = useQuery(getGroupsQueryOptions(catalog.id));
  const roles = useQuery(getRolesQueryOptions(catalog.id));
  const phases = useQuery(getPhasesQueryOptions(catalog.id));
  const labels = useQuery(getLabelsQueryOptions(catalog.id));
  const description = localized(catalog.description);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, minmax(0, 1fr))' },
          }}
        >
          <CountCard
            label={t('overview.count.items')}
            count={catalog.itemCount}
            icon={<Inventory2OutlinedIcon />}
            to={catalogPaths.items(catalog.id)}
          />
          <CountCard
            label={t('overview.count.groups')}
            count={groups.data?.length}
            icon={<AccountTreeOutlinedIcon />}
            to={catalogPaths.items(catalog.id)}
          />
          <CountCard
            label={t('overview.count.roles')}
            count={roles.data?.length}
            icon={<BadgeOutlinedIcon />}
            to={catalogPaths.roles(catalog.id)}
          />
          <CountCard
            label={t('overview.count.phases')}
            count={phases.data?.length}
            icon={<TimelineOutlinedIcon />}
            to={catalogPaths.phases(catalog.id)}
          />
          <CountCard
            label={t('overview.count.labels')}
            count={labels.data?.length}
            icon={<LabelOutlinedIcon />}
            to={catalogPaths.labels(catalog.id)}
          />
        </Box>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {t('overview.about')}
          </Typography>
          <Typography
            sx={{ whiteSpace: 'pre-line', color: description ? 'text.primary' : 'text.secondary' }}
          >
            {description || t('overview.noDescription')}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gap: 2,
              mt: 3,
              mb: 0,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <Fact term={t('overview.fact.code')}>{catalog.code}</Fact>
            <Fact term={t('overview.fact.companyCode')}>{catalog.companyCode || '—'}</Fact>
            <Fact term={t('overview.fact.currency')}>{catalog.currency}</Fact>
            <Fact term={t('overview.fact.defaultLanguage')}>{nameOf(catalog.defaultLanguage)}</Fact>
            <Fact term={t('overview.fact.supportedLanguages')}>
              {catalog.supportedLanguages.map(nameOf).join(', ')}
            </Fact>
            <Fact term={t('overview.fact.updated')}>{formatDate(catalog.updatedAt, locale)}</Fact>
          </Box>
          <Box sx={{ mt: 3 }}>
            <ReportDownloads path={reportPaths.catalog(catalog.id)} />
          </Box>
          <Box sx={{ mt: 1.5 }}>
            {roleAllows(catalog.myRole, 'MANAGE_CATALOG') ? (
              <Button
                component={RouterLink}
                to={catalogPaths.workbook(catalog.id)}
                variant="outlined"
                startIcon={<ImportExportOutlinedIcon />}
              >
                {t('workbook.open')}
              </Button>
            ) : (
              <WorkbookDownloadButton catalogId={catalog.id} label={t('workbook.exportLink')} />
            )}
          </Box>
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {t('events.title')}
        </Typography>
        <EventsList catalog={catalog} />
      </Paper>
    </Box>
  );
}

export function CatalogOverviewPage({ catalogId }: CatalogParams) {
  return (
    <CatalogFrame catalogId={catalogId} section="overview">
      {(catalog) => <Overview catalog={catalog} />}
    </CatalogFrame>
  );
}
