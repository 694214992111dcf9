// /ctl/catalog-detail/:catalogId/member-list: the catalog's members (admins invite, change roles and descriptions, remove) and,
// for a PUBLIC_PAID catalog, its client companies.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATALOG_INVITABLE_ROLES, roleAllows, type Catalog, type Member } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import type { CatalogParams } from '@/lib/routing/route-params';
import {
  getMembersQueryOptions,
  useRemoveMember,
  useResendInvitation,
  useUpdateMember,
  type InvitableRole,
} from '../api/members';
import { CatalogFrame } from '../components/catalog-frame';
import { ClientsSection } from '../components/clients-section';
import { EmptyState } from '@/components/empty-state';
import { MemberDescriptionDialog } from '../components/member-description-dialog';
import { MemberInviteDialog } from '../components/member-invite-dialog';
import { SectionHeader } from '@/components/section-header';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { CLIENTS_SECTION_ID } from '../lib/catalog-paths';
import { problemText } from '@/lib/problem-text';

function MemberRow({
  catalog,
  member,
  onDescribe,
}: {
  catalog: Catalog;
  member: Member;
  onDescribe: () => void;
}) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const changeRole = useUpdateMember(catalog.id);
  const removeMember = useRemoveMember(catalog.id);
  const resend = useResendInvitation(catalog.id);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_CATALOG');
  const name = member.name || member.email;
  // A pending invitation is cancelled rather than removed: nobody has joined yet.
  const removeLabel = member.pending
    ? t('members.cancelNamed', { name })
    : t('members.removeNamed', { name });
  const resendLabel = t('members.resendNamed', { name });
  const describeLabel = t('members.describeNamed', { name });

  const askRemove = () =>
    confirm({
      title: member.pending ? t('members.cancelTitle') : t('members.removeTitle'),
      message: member.pending
        ? t('members.cancelMessage', { name })
        : t('members.removeMessage', { name }),
      okButtonText: member.pending ? t('members.cancel') : t('actions.remove'),
      onOk: async () => {
        try {
          await removeMember.mutateAsync(member.id);
          toast.success(
            member.pending
              ? t('members.cancelled', { name })
              : tErrors('success.deleted', { item: name }),
          );
        } catch (error) {
          toast.error(problemText(error, t('members.removeFailed')));
        }
      },
    });

  return (
    <TableRow hover>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {member.name || '—'}
          </Box>
          {member.pending ? (
            <Chip size="small" color="warning" variant="outlined" label={t('members.pending')} />
          ) : null}
        </Box>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
      <TableCell>{member.companyName || '—'}</TableCell>
      <TableCell>
        {canManage ? (
          <TextField
            select
            size="small"
            fullWidth
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) =>
              changeRole.mutate(
                // The role alone: the description stays as stored.
                { memberId: member.id, body: { role: event.target.value as InvitableRole } },
                {
                  onSuccess: () => toast.success(t('members.roleChanged', { name })),
                  onError: (error) => toast.error(problemText(error, t('members.roleFailed'))),
                },
              )
            }
            slotProps={{ htmlInput: { 'aria-label': t('members.roleOf', { name }) } }}
          >
            {CATALOG_INVITABLE_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {tDomain(`catalogMemberRole.${role}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          tDomain(`catalogMemberRole.${member.role}`)
        )}
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {member.description}
      </TableCell>
      {canManage ? (
        <TableCell align="right">
          <Tooltip title={describeLabel}>
            <IconButton size="small" aria-label={describeLabel} onClick={onDescribe}>
              <EditNoteOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {member.pending ? (
            <Tooltip title={resendLabel}>
              <IconButton
                size="small"
                aria-label={resendLabel}
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(member.id, {
                    onSuccess: () => toast.success(t('members.resent', { email: member.email })),
                    onError: (error) => toast.error(problemText(error, t('members.resendFailed'))),
                  })
                }
              >
                <ForwardToInboxOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title={removeLabel}>
            <IconButton size="small" aria-label={removeLabel} onClick={askRemove}>
              <PersonRemoveOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

function Members({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const { hash } = useLocation();
  const members = useQuery(getMembersQueryOptions(catalog.id));
  const [inviting, setInviting] = useState(false);
  const [describing, setDescribing] = useState<Member | null>(null);
  const canManage = roleAllows(catalog.myRole, 'MANAGE_CATALOG');
  const showClients = canManage && catalog.visibility === 'PUBLIC_PAID';
  useQueryErrorToast(members, t('members.loadFailed'));

  // The "Clients" tab links here with #clients: bring that section into view.
  useEffect(() => {
    if (hash === `#${CLIENTS_SECTION_ID}`) {
      document.getElementById(CLIENTS_SECTION_ID)?.scrollIntoView({ block: 'start' });
    }
  }, [hash, showClients]);

  const inviteButton = canManage ? (
    <Button
      variant="contained"
      startIcon={<PersonAddAlt1OutlinedIcon />}
      onClick={() => setInviting(true)}
    >
      {t('members.invite')}
    </Button>
  ) : undefined;
  const rows = members.data ?? [];

  return (
    <>
      <SectionHeader title={t('members.title')} text={t('members.intro')} action={inviteButton} />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={t('members.title')} sx={{ tableLayout: 'fixed', minWidth: 960 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '18%' }}>{t('fields.personName')}</TableCell>
                <TableCell sx={{ width: '20%' }}>{t('fields.email')}</TableCell>
                <TableCell sx={{ width: '14%' }}>{t('fields.company')}</TableCell>
                <TableCell sx={{ width: 200 }}>{t('fields.role')}</TableCell>
                <TableCell>{t('fields.description')}</TableCell>
                {canManage ? (
                  <TableCell sx={{ width: 136 }} align="right">
                    {t('fields.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {members.isPending ? <TableSkeletonRows columns={canManage ? 6 : 5} /> : null}
              {rows.map((member) => (
                <MemberRow
                  key={member.id}
                  catalog={catalog}
                  member={member}
                  onDescribe={() => setDescribing(member)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {members.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<GroupOutlinedIcon />}
            title={t('members.emptyTitle')}
            text={t('members.emptyText')}
            action={inviteButton}
          />
        ) : null}
      </Paper>
      {showClients ? <ClientsSection catalog={catalog} /> : null}
      {describing ? (
        <MemberDescriptionDialog
          catalogId={catalog.id}
          member={describing}
          onClose={() => setDescribing(null)}
        />
      ) : null}
      {inviting ? (
        <MemberInviteDialog catalog={catalog} onClose={() => setInviting(false)} />
      ) : null}
    </>
  );
}

export function CatalogMembersPage({ catalogId }: CatalogParams) {
  const { hash } = useLocation();
  return (
    <CatalogFrame
      catalogId={catalogId}
      section={hash === `#${CLIENTS_SECTION_ID}` ? 'clients' : 'members'}
    >
      {(catalog) => <Members catalog={catalog} />}
    </CatalogFrame>
  );
}
