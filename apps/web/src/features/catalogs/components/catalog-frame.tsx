// The frame of every page of one catalog: loads it, shows its header (type, visibility, owner, the user's role)
// and the section tabs, or a friendly view when the catalog is unknown or not readable (404).
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type CatalogUsage } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import {
  getCatalogQueryOptions,
  getCatalogUsageQueryOptions,
  useDeleteCatalog,
} from '../api/catalogs';
import { catalogPaths, CLIENTS_SECTION_ID } from '../lib/catalog-paths';
import { isProblem, problemText } from '@/lib/problem-text';
import { CatalogDeleteMessage } from './catalog-delete-message';
import { CatalogFormDialog } from './catalog-form-dialog';

export type CatalogSection =
  'overview' | 'items' | 'roles' | 'phases' | 'labels' | 'members' | 'clients';

export interface CatalogFrameProps {
  catalogId: number;
  section: CatalogSection;
  /** A page below the section that is no tab of its own (import and export): its title. */
  subpage?: string;
  children: (catalog: Catalog) => ReactNode;
}

function sectionPath(catalogId: number, section: CatalogSection): string {
  switch (section) {
    case 'overview':
      return catalogPaths.overview(catalogId);
    case 'items':
      return catalogPaths.items(catalogId);
    case 'roles':
      return catalogPaths.roles(catalogId);
    case 'phases':
      return catalogPaths.phases(catalogId);
    case 'labels':
      return catalogPaths.labels(catalogId);
    case 'members':
      return catalogPaths.members(catalogId);
    case 'clients':
      return `${catalogPaths.members(catalogId)}#${CLIENTS_SECTION_ID}`;
  }
}

function CatalogNotFound() {
  const { t } = useTranslation('catalogs');
  const { t: tCommon } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', py: { xs: 3, md: 8 } }}>
      <title>{`${t('detail.notFoundTitle')} · ${tCommon('appName')}`}</title>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            display: 'inline-grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            color: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, 0.1),
            mb: 2,
          })}
        >
          <SearchOffOutlinedIcon sx={{ fontSize: 38 }} />
        </Box>
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('detail.notFoundTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('detail.notFoundText')}</Typography>
        <Button
          component={RouterLink}
          to={catalogPaths.list()}
          variant="contained"
          startIcon={<ArrowBackIcon />}
        >
          {t('detail.backToList')}
        </Button>
      </Paper>
    </Box>
  );
}

interface CatalogHeaderProps {
  catalog: Catalog;
  section: CatalogSection;
  subpage: string | undefined;
}

function CatalogHeader({ catalog, section, subpage }: CatalogHeaderProps) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const deleteCatalog = useDeleteCatalog(catalog.id);
  const isAdmin = roleAllows(catalog.myRole, 'MANAGE_CATALOG');

  // The stories on the catalog are read first: the dialog names them and the delete confirms their number.
  const askDelete = async () => {
    let usage: CatalogUsage;
    try {
      usage = await queryClient.fetchQuery(getCatalogUsageQueryOptions(catalog.id));
    } catch (error) {
      toast.error(problemText(error, t('detail.deleteFailed')));
      return;
    }
    confirm({
      title: t('detail.deleteTitle'),
      message: <CatalogDeleteMessage catalog={catalog} usage={usage} />,
      okButtonText: t('actions.delete'),
      onOk: async () => {
        try {
          await deleteCatalog.mutateAsync(usage.stories.length + usage.hiddenCount);
          toast.success(tErrors('success.deleted', { item: catalog.name }));
          await navigate(catalogPaths.list());
        } catch (error) {
          toast.error(problemText(error, t('detail.deleteFailed')));
        }
      },
    });
  };

  const sections: CatalogSection[] = [
    'overview',
    'items',
    'roles',
    'phases',
    'labels',
    'members',
    ...(catalog.visibility === 'PUBLIC_PAID' && isAdmin ? (['clients'] as const) : []),
  ];

  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Breadcrumbs aria-label={t('detail.breadcrumbs')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={catalogPaths.list()} underline="hover" color="inherit">
          {t('list.title')}
        </Link>
        {subpage === undefined ? (
          <Typography sx={{ color: 'text.primary' }} aria-current="page">
            {catalog.name}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={catalogPaths.overview(catalog.id)}
            underline="hover"
            color="inherit"
          >
            {catalog.name}
          </Link>
        )}
        {subpage === undefined ? null : (
          <Typography sx={{ color: 'text.primary' }} aria-current="page">
            {subpage}
          </Typography>
        )}
      </Breadcrumbs>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: { xs: 'flex-start', md: 'center' },
          flexDirection: { xs: 'column', md: 'row' },
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.85rem' }, mb: 1 }}>
            {catalog.name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip size="small" color="primary" label={tDomain(`catalogType.${catalog.type}`)} />
            <Chip
              size="small"
              variant="outlined"
              label={tDomain(`catalogVisibility.${catalog.visibility}`)}
            />
            <Chip
              size="small"
              variant="outlined"
              label={t('detail.owner', { company: catalog.ownerCompany.name })}
            />
            <Chip
              size="small"
              variant="outlined"
              color="secondary"
              label={t('detail.yourRole', {
                role: tDomain(`catalogMemberRole.${catalog.myRole}`),
              })}
            />
          </Stack>
        </Box>
        {isAdmin ? (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
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
              onClick={() => void askDelete()}
            >
              {t('detail.delete')}
            </Button>
          </Stack>
        ) : null}
      </Box>
      <Tabs
        value={section}
        aria-label={t('detail.sections')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {sections.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(`detail.tab.${key}`)}
            component={RouterLink}
            to={sectionPath(catalog.id, key)}
          />
        ))}
      </Tabs>
      {editing ? (
        <CatalogFormDialog open catalog={catalog} onClose={() => setEditing(false)} />
      ) : null}
    </Box>
  );
}

function HeaderSkeleton() {
  const { t: tCommon } = useTranslation();
  return (
    <Box role="status" aria-label={tCommon('loading')} sx={{ mb: 3 }}>
      <Skeleton width={120} height={24} />
      <Skeleton width="40%" height={48} />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {[80, 70, 140, 120].map((width) => (
          <Skeleton key={width} variant="rounded" width={width} height={24} />
        ))}
      </Stack>
      <Skeleton variant="rectangular" height={48} sx={{ mt: 2 }} />
    </Box>
  );
}

export function CatalogFrame({ catalogId, section, subpage, children }: CatalogFrameProps) {
  const { t } = useTranslation('catalogs');
  const { t: tCommon } = useTranslation();
  const catalog = useQuery(getCatalogQueryOptions(catalogId));

  if (catalog.isError) {
    if (isProblem(catalog.error, 'NOT_FOUND')) return <CatalogNotFound />;
    return (
      <Box sx={{ py: 4 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void catalog.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {problemText(catalog.error, t('detail.loadFailed'))}
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ py: 3 }}>
      {catalog.isPending ? (
        <HeaderSkeleton />
      ) : (
        <>
          <title>{`${catalog.data.name} · ${subpage ?? t(`detail.tab.${section}`)} · ${tCommon('appName')}`}</title>
          <CatalogHeader catalog={catalog.data} section={section} subpage={subpage} />
          {children(catalog.data)}
        </>
      )}
    </Box>
  );
}
