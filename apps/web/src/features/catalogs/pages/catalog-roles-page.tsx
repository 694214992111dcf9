// /ctl/catalog-detail/:catalogId/role-list: the catalog's roles with unit and price per unit; admins manage them.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type Role } from '@costory/shared';
import { useConfirm } from '../../../app/feedback/confirm-dialog';
import { useToast } from '../../../app/feedback/toast';
import type { CatalogParams } from '../../../app/routing/route-params';
import { getRolesQueryOptions, useDeleteRole } from '../api/roles';
import { CatalogFrame } from '../components/catalog-frame';
import { EmptyState } from '../components/empty-state';
import { RoleDialog } from '../components/role-dialog';
import { RowActions } from '../components/row-actions';
import { SectionHeader } from '../components/section-header';
import { TableSkeletonRows } from '../components/table-skeleton-rows';
import { useLocalizedText, useUiLocale } from '../hooks/use-catalog-locale';
import { useQueryErrorToast } from '../hooks/use-query-error-toast';
import { formatRolePrice } from '../lib/money';
import { problemText } from '../lib/problem-text';

type Editing = { role?: Role } | null;

function Roles({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const locale = useUiLocale();
  const localized = useLocalizedText(catalog);
  const roles = useQuery(getRolesQueryOptions(catalog.id));
  const deleteRole = useDeleteRole(catalog.id);
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_STRUCTURE');
  useQueryErrorToast(roles, t('roles.loadFailed'));

  const askDelete = (role: Role) => {
    const name = localized(role.name);
    confirm({
      title: t('roles.deleteTitle'),
      message: t('roles.deleteMessage', { name }),
      okButtonText: t('actions.delete'),
      onOk: async () => {
        try {
          await deleteRole.mutateAsync(role.id);
          toast.success(tErrors('success.deleted', { item: name }));
        } catch (error) {
          toast.error(problemText(error, t('roles.deleteFailed')));
        }
      },
    });
  };

  const addButton = canManage ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
      {t('roles.add')}
    </Button>
  ) : undefined;
  const rows = roles.data ?? [];

  return (
    <>
      <SectionHeader title={t('roles.title')} text={t('roles.intro')} action={addButton} />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={t('roles.title')} sx={{ tableLayout: 'fixed', minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '24%' }}>{t('fields.name')}</TableCell>
                <TableCell sx={{ width: '13%' }}>{t('fields.code')}</TableCell>
                <TableCell sx={{ width: '16%' }}>{t('fields.unit')}</TableCell>
                <TableCell sx={{ width: '16%' }} align="right">
                  {t('fields.pricePerUnit')}
                </TableCell>
                <TableCell>{t('fields.description')}</TableCell>
                {canManage ? (
                  <TableCell sx={{ width: 112 }} align="right">
                    {t('fields.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {roles.isPending ? <TableSkeletonRows columns={canManage ? 6 : 5} /> : null}
              {rows.map((role) => (
                <TableRow key={role.id} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{localized(role.name)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{role.code}</TableCell>
                  <TableCell>{tDomain(`unit.${role.unit}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRolePrice(role.price, catalog, locale)}
                    {' / '}
                    {tDomain(`unitSymbol.${role.unit}`)}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>
                    {localized(role.description)}
                  </TableCell>
                  {canManage ? (
                    <TableCell align="right">
                      <RowActions
                        name={localized(role.name)}
                        onEdit={() => setEditing({ role })}
                        onDelete={() => askDelete(role)}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {roles.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<BadgeOutlinedIcon />}
            title={t('roles.emptyTitle')}
            text={canManage ? t('roles.emptyTextAdmin') : t('roles.emptyText')}
            action={addButton}
          />
        ) : null}
      </Paper>
      {editing ? (
        <RoleDialog catalog={catalog} role={editing.role} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

export function CatalogRolesPage({ catalogId }: CatalogParams) {
  return (
    <CatalogFrame catalogId={catalogId} section="roles">
      {(catalog) => <Roles catalog={catalog} />}
    </CatalogFrame>
  );
}
