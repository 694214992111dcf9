// Clients of a PUBLIC_PAID catalog (admins): companies allowed to build stories on it; invite by company id, remove.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseNumber, type Catalog } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { formatDate } from '@/lib/format';
import { getClientsQueryOptions, useInviteClient, useRemoveClient } from '../api/clients';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { CLIENTS_SECTION_ID } from '../lib/catalog-paths';
import { problemText } from '@/lib/problem-text';
import { EmptyState } from '@/components/empty-state';
import { SectionHeader } from '@/components/section-header';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';

function parseCompanyId(text: string): number | null {
  const id = parseNumber(text);
  return id !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function ClientsSection({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const locale = useUiLocale();
  const clients = useQuery(getClientsQueryOptions(catalog.id));
  const inviteClient = useInviteClient(catalog.id);
  const removeClient = useRemoveClient(catalog.id);
  const [companyId, setCompanyId] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  useQueryErrorToast(clients, tErrors('load.catalogClients'));

  const invite = () => {
    const id = parseCompanyId(companyId);
    if (id === null) {
      setInputError(t('clients.companyIdInvalid'));
      return;
    }
    inviteClient.mutate(id, {
      onSuccess: () => {
        toast.success(tErrors('success.clientInvited'));
        setCompanyId('');
      },
      onError: (error) => toast.error(problemText(error, t('clients.inviteFailed'))),
    });
  };

  const askRemove = (client: { companyId: number; companyName: string }) =>
    confirm({
      title: t('clients.removeTitle'),
      message: t('clients.removeMessage', { company: client.companyName }),
      okButtonText: t('actions.remove'),
      onOk: async () => {
        try {
          await removeClient.mutateAsync(client.companyId);
          toast.success(tErrors('success.deleted', { item: client.companyName }));
        } catch (error) {
          toast.error(problemText(error, t('clients.removeFailed')));
        }
      },
    });

  const rows = clients.data ?? [];
  return (
    <Box component="section" aria-labelledby={CLIENTS_SECTION_ID} sx={{ mt: 5 }}>
      <SectionHeader id={CLIENTS_SECTION_ID} title={t('clients.title')} text={t('clients.intro')} />
      <Box
        component="form"
        noValidate
        aria-label={t('clients.inviteTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          invite();
        }}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 2, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('clients.companyId')}
          value={companyId}
          onChange={(event) => {
            setCompanyId(event.target.value);
            setInputError(null);
          }}
          error={inputError !== null}
          helperText={inputError ?? t('clients.companyIdHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 320 }}
        />
        <Button type="submit" variant="contained" loading={inviteClient.isPending}>
          {t('clients.invite')}
        </Button>
      </Box>
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={t('clients.title')} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.company')}</TableCell>
                <TableCell sx={{ width: '25%' }}>{t('clients.since')}</TableCell>
                <TableCell sx={{ width: 104 }} align="right">
                  {t('fields.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.isPending ? <TableSkeletonRows rows={2} columns={3} /> : null}
              {rows.map((client) => {
                const label = t('clients.removeNamed', { company: client.companyName });
                return (
                  <TableRow key={client.companyId} hover>
                    <TableCell sx={{ fontWeight: 600 }}>{client.companyName}</TableCell>
                    <TableCell>{formatDate(client.createdAt, locale)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={label}>
                        <IconButton
                          size="small"
                          aria-label={label}
                          onClick={() => askRemove(client)}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {clients.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<BusinessOutlinedIcon />}
            title={t('clients.emptyTitle')}
            text={t('clients.emptyText')}
          />
        ) : null}
      </Paper>
    </Box>
  );
}
