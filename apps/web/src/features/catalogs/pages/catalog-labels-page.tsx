// /ctl/catalog-detail/:catalogId/labels: the catalog's labels as coloured chips; admins manage them, and deleting an
// applied label says how many elements carry it.
import { useState } from 'react';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type Label } from '@costory/shared';
import type { CatalogParams } from '@/lib/routing/route-params';
import { formatNumber } from '@/lib/format';
import {
  getLabelsQueryOptions,
  useCreateLabel,
  useDeleteLabel,
  useUpdateLabel,
} from '../api/labels';
import { CatalogFrame } from '../components/catalog-frame';
import { LabelChip } from '@/components/label-chip';
import { LabelDialog } from '@/components/label-dialog';
import { StructureTable, type StructureColumn } from '@/components/structure-table';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';

type Editing = { label?: Label } | null;

function Labels({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const locale = useUiLocale();
  const labels = useQuery(getLabelsQueryOptions(catalog.id));
  const createLabel = useCreateLabel(catalog.id);
  const updateLabel = useUpdateLabel(catalog.id);
  const deleteLabel = useDeleteLabel(catalog.id);
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_STRUCTURE');
  useQueryErrorToast(labels, tErrors('load.labels'));

  const askDelete = useConfirmedDelete<Label>({
    title: t('labels.deleteTitle'),
    message: (label) =>
      label.usageCount > 0
        ? t('labels.deleteAppliedMessage', { title: label.title, count: label.usageCount })
        : t('labels.deleteMessage', { title: label.title }),
    name: (label) => label.title,
    failed: t('labels.deleteFailed'),
    remove: (label) => deleteLabel.mutateAsync(label.id),
  });

  const columns: StructureColumn<Label>[] = [
    {
      key: 'label',
      header: t('fields.label'),
      width: '30%',
      render: (label) => <LabelChip title={label.title} color={label.color} />,
    },
    {
      key: 'description',
      header: t('fields.description'),
      cellSx: { color: 'text.secondary' },
      render: (label) => label.description,
    },
    {
      key: 'usage',
      header: t('labels.usage'),
      width: '16%',
      align: 'right',
      render: (label) => formatNumber(label.usageCount, locale),
    },
  ];

  return (
    <>
      <StructureTable
        title={t('labels.title')}
        intro={t('labels.intro')}
        addLabel={t('labels.add')}
        rows={labels.data}
        isPending={labels.isPending}
        isSuccess={labels.isSuccess}
        columns={columns}
        rowName={(label) => label.title}
        canManage={canManage}
        empty={{
          icon: <LabelOutlinedIcon />,
          title: t('labels.emptyTitle'),
          text: canManage ? t('labels.emptyTextAdmin') : t('labels.emptyText'),
        }}
        onAdd={() => setEditing({})}
        onEdit={(label) => setEditing({ label })}
        onDelete={askDelete}
      />
      {editing ? (
        <LabelDialog
          label={editing.label}
          save={(body) => {
            const { label } = editing;
            return label
              ? updateLabel.mutateAsync({ labelId: label.id, body })
              : createLabel.mutateAsync(body);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

export function CatalogLabelsPage({ catalogId }: CatalogParams) {
  return (
    <CatalogFrame catalogId={catalogId} section="labels">
      {(catalog) => <Labels catalog={catalog} />}
    </CatalogFrame>
  );
}
