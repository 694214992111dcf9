// /ctl/catalog-detail/:catalogId/role-list: the catalog's roles with unit and price per unit; admins manage them.
import { useState } from 'react';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type Role } from '@costory/shared';
import type { CatalogParams } from '@/lib/routing/route-params';
import { getRolesQueryOptions, useDeleteRole } from '../api/roles';
import { CatalogFrame } from '../components/catalog-frame';
import { RoleDialog } from '../components/role-dialog';
import { StructureTable, type StructureColumn } from '@/components/structure-table';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { formatRolePrice } from '../lib/money';

type Editing = { role?: Role } | null;

function Roles({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const localized = useLocalizedText(catalog);
  const locale = useUiLocale();
  const roles = useQuery(getRolesQueryOptions(catalog.id));
  const deleteRole = useDeleteRole(catalog.id);
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_STRUCTURE');
  useQueryErrorToast(roles, t('roles.loadFailed'));

  const askDelete = useConfirmedDelete<Role>({
    title: t('roles.deleteTitle'),
    message: (role) => t('roles.deleteMessage', { name: localized(role.name) }),
    name: (role) => localized(role.name),
    failed: t('roles.deleteFailed'),
    remove: (role) => deleteRole.mutateAsync(role.id),
  });

  const columns: StructureColumn<Role>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      width: '24%',
      cellSx: { fontWeight: 600 },
      render: (role) => localized(role.name),
    },
    {
      key: 'code',
      header: t('fields.code'),
      width: '13%',
      cellSx: { fontFamily: 'monospace' },
      render: (role) => role.code,
    },
    {
      key: 'unit',
      header: t('fields.unit'),
      width: '16%',
      render: (role) => tDomain(`unit.${role.unit}`),
    },
    {
      key: 'price',
      header: t('fields.pricePerUnit'),
      width: '16%',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (role) =>
        `${formatRolePrice(role.price, catalog, locale)} / ${tDomain(`unitSymbol.${role.unit}`)}`,
    },
    {
      key: 'description',
      header: t('fields.description'),
      cellSx: { color: 'text.secondary' },
      render: (role) => localized(role.description),
    },
  ];

  return (
    <>
      <StructureTable
        title={t('roles.title')}
        intro={t('roles.intro')}
        addLabel={t('roles.add')}
        rows={roles.data}
        isPending={roles.isPending}
        isSuccess={roles.isSuccess}
        columns={columns}
        rowName={(role) => localized(role.name)}
        canManage={canManage}
        minWidth={720}
        empty={{
          icon: <BadgeOutlinedIcon />,
          title: t('roles.emptyTitle'),
          text: canManage ? t('roles.emptyTextAdmin') : t('roles.emptyText'),
        }}
        onAdd={() => setEditing({})}
        onEdit={(role) => setEditing({ role })}
        onDelete={askDelete}
      />
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
