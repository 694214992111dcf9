// /ctl/catalog-detail/:catalogId/phase-list: the catalog's phases; admins create, edit and delete them.
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
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type Phase } from '@costory/shared';
import { useConfirm } from '../../../app/feedback/confirm-dialog';
import { useToast } from '../../../app/feedback/toast';
import type { CatalogParams } from '../../../app/routing/route-params';
import { getPhasesQueryOptions, useDeletePhase } from '../api/phases';
import { CatalogFrame } from '../components/catalog-frame';
import { EmptyState } from '../components/empty-state';
import { PhaseDialog } from '../components/phase-dialog';
import { RowActions } from '../components/row-actions';
import { SectionHeader } from '../components/section-header';
import { TableSkeletonRows } from '../components/table-skeleton-rows';
import { useLocalizedText } from '../hooks/use-catalog-locale';
import { useQueryErrorToast } from '../hooks/use-query-error-toast';
import { problemText } from '../lib/problem-text';

type Editing = { phase?: Phase } | null;

function Phases({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const localized = useLocalizedText(catalog);
  const phases = useQuery(getPhasesQueryOptions(catalog.id));
  const deletePhase = useDeletePhase(catalog.id);
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_STRUCTURE');
  useQueryErrorToast(phases, t('phases.loadFailed'));

  const askDelete = (phase: Phase) => {
    const name = localized(phase.name);
    confirm({
      title: t('phases.deleteTitle'),
      message: t('phases.deleteMessage', { name }),
      okButtonText: t('actions.delete'),
      onOk: async () => {
        try {
          await deletePhase.mutateAsync(phase.id);
          toast.success(tErrors('success.deleted', { item: name }));
        } catch (error) {
          toast.error(problemText(error, t('phases.deleteFailed')));
        }
      },
    });
  };

  const addButton = canManage ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
      {t('phases.add')}
    </Button>
  ) : undefined;
  const rows = phases.data ?? [];
  const columns = canManage ? 4 : 3;

  return (
    <>
      <SectionHeader title={t('phases.title')} text={t('phases.intro')} action={addButton} />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={t('phases.title')} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '30%' }}>{t('fields.name')}</TableCell>
                <TableCell sx={{ width: '18%' }}>{t('fields.code')}</TableCell>
                <TableCell>{t('fields.description')}</TableCell>
                {canManage ? (
                  <TableCell sx={{ width: 112 }} align="right">
                    {t('fields.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {phases.isPending ? <TableSkeletonRows columns={columns} /> : null}
              {rows.map((phase) => (
                <TableRow key={phase.id} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{localized(phase.name)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{phase.code}</TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>
                    {localized(phase.description)}
                  </TableCell>
                  {canManage ? (
                    <TableCell align="right">
                      <RowActions
                        name={localized(phase.name)}
                        onEdit={() => setEditing({ phase })}
                        onDelete={() => askDelete(phase)}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {phases.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<TimelineOutlinedIcon />}
            title={t('phases.emptyTitle')}
            text={canManage ? t('phases.emptyTextAdmin') : t('phases.emptyText')}
            action={addButton}
          />
        ) : null}
      </Paper>
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
