// /ctl/catalog-detail/:catalogId/phase-list: the catalog's phases; admins create, edit and delete them.
import { useState } from 'react';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type Phase } from '@costory/shared';
import type { CatalogParams } from '@/lib/routing/route-params';
import { getPhasesQueryOptions, useDeletePhase } from '../api/phases';
import { CatalogFrame } from '../components/catalog-frame';
import { PhaseDialog } from '../components/phase-dialog';
import { StructureTable, type StructureColumn } from '@/components/structure-table';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';

type Editing = { phase?: Phase } | null;

function Phases({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const localized = useLocalizedText(catalog);
  const phases = useQuery(getPhasesQueryOptions(catalog.id));
  const deletePhase = useDeletePhase(catalog.id);
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_STRUCTURE');
  useQueryErrorToast(phases, t('phases.loadFailed'));

  const askDelete = useConfirmedDelete<Phase>({
    title: t('phases.deleteTitle'),
    message: (phase) => t('phases.deleteMessage', { name: localized(phase.name) }),
    name: (phase) => localized(phase.name),
    failed: t('phases.deleteFailed'),
    remove: (phase) => deletePhase.mutateAsync(phase.id),
  });

  const columns: StructureColumn<Phase>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      width: '30%',
      cellSx: { fontWeight: 600 },
      render: (phase) => localized(phase.name),
    },
    {
      key: 'code',
      header: t('fields.code'),
      width: '18%',
      cellSx: { fontFamily: 'monospace' },
      render: (phase) => phase.code,
    },
    {
      key: 'description',
      header: t('fields.description'),
      cellSx: { color: 'text.secondary' },
      render: (phase) => localized(phase.description),
    },
  ];

  return (
    <>
      <StructureTable
        title={t('phases.title')}
        intro={t('phases.intro')}
        addLabel={t('phases.add')}
        rows={phases.data}
        isPending={phases.isPending}
        isSuccess={phases.isSuccess}
        columns={columns}
        rowName={(phase) => localized(phase.name)}
        canManage={canManage}
        empty={{
          icon: <TimelineOutlinedIcon />,
          title: t('phases.emptyTitle'),
          text: canManage ? t('phases.emptyTextAdmin') : t('phases.emptyText'),
        }}
        onAdd={() => setEditing({})}
        onEdit={(phase) => setEditing({ phase })}
        onDelete={askDelete}
      />
      {editing ? (
        <PhaseDialog catalog={catalog} phase={editing.phase} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

export function CatalogPhasesPage({ catalogId }: CatalogParams) {
  return (
    <CatalogFrame catalogId={catalogId} section="phases">
      {(catalog) => <Phases catalog={catalog} />}
    </CatalogFrame>
  );
}
