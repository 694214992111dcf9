// /ctl/catalog-detail/:catalogId/labels: the catalog's labels as coloured chips; admins manage them, and deleting an
// applied label says how many elements carry it.
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
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type Label } from '@costory/shared';
import { useConfirm } from '../../../app/feedback/confirm-dialog';
import { useToast } from '../../../app/feedback/toast';
import type { CatalogParams } from '../../../app/routing/route-params';
import { formatNumber } from '../../../lib/format';
import { getLabelsQueryOptions, useDeleteLabel } from '../api/labels';
import { CatalogFrame } from '../components/catalog-frame';
import { EmptyState } from '../components/empty-state';
import { LabelChip } from '../components/label-chip';
import { LabelDialog } from '../components/label-dialog';
import { RowActions } from '../components/row-actions';
import { SectionHeader } from '../components/section-header';
import { TableSkeletonRows } from '../components/table-skeleton-rows';
import { useUiLocale } from '../hooks/use-catalog-locale';
import { useQueryErrorToast } from '../hooks/use-query-error-toast';
import { problemText } from '../lib/problem-text';

type Editing = { label?: Label } | null;

function Labels({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const locale = useUiLocale();
  const labels = useQuery(getLabelsQueryOptions(catalog.id));
  const deleteLabel = useDeleteLabel(catalog.id);
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_STRUCTURE');
  useQueryErrorToast(labels, tErrors('load.labels'));

  const askDelete = (label: Label) =>
    confirm({
      title: t('labels.deleteTitle'),
      message:
        label.usageCount > 0
          ? t('labels.deleteAppliedMessage', { title: label.title, count: label.usageCount })
          : t('labels.deleteMessage', { title: label.title }),
      okButtonText: t('actions.delete'),
      onOk: async () => {
        try {
          await deleteLabel.mutateAsync(label.id);
          toast.success(tErrors('success.deleted', { item: label.title }));
        } catch (error) {
          toast.error(problemText(error, t('labels.deleteFailed')));
        }
      },
    });

  const addButton = canManage ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
      {t('labels.add')}
    </Button>
  ) : undefined;
  const rows = labels.data ?? [];

  return (
    <>
      <SectionHeader title={t('labels.title')} text={t('labels.intro')} action={addButton} />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={t('labels.title')} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '30%' }}>{t('fields.label')}</TableCell>
                <TableCell>{t('fields.description')}</TableCell>
                <TableCell sx={{ width: '16%' }} align="right">
                  {t('labels.usage')}
                </TableCell>
                {canManage ? (
                  <TableCell sx={{ width: 112 }} align="right">
                    {t('fields.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {labels.isPending ? <TableSkeletonRows columns={canManage ? 4 : 3} /> : null}
              {rows.map((label) => (
                <TableRow key={label.id} hover>
                  <TableCell>
                    <LabelChip title={label.title} color={label.color} />
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{label.description}</TableCell>
                  <TableCell align="right">{formatNumber(label.usageCount, locale)}</TableCell>
                  {canManage ? (
                    <TableCell align="right">
                      <RowActions
                        name={label.title}
                        onEdit={() => setEditing({ label })}
                        onDelete={() => askDelete(label)}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {labels.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<LabelOutlinedIcon />}
            title={t('labels.emptyTitle')}
            text={canManage ? t('labels.emptyTextAdmin') : t('labels.emptyText')}
            action={addButton}
          />
        ) : null}
      </Paper>
      {editing ? (
        <LabelDialog catalog={catalog} label={editing.label} onClose={() => setEditing(null)} />
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
