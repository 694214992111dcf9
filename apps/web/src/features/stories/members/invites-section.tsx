// The story's invitations (admins only): invite by e-mail, create and copy invite links, and revoke what is still active.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkOutlinedIcon from '@mui/icons-material/AddLinkOutlined';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Story, StoryInvite } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useSnackbarNotice } from '@/components/feedback/snackbar-notice';
import { useToast } from '@/components/feedback/toast';
import { EmptyState } from '@/components/empty-state';
import { SectionHeader } from '@/components/section-header';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { localeOfLanguage } from '@/i18n';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { getStoryInvitesQueryOptions, useStoryInviteMutations } from '../api/invites';
import { absoluteUrl, copyText } from './clipboard';
import { InviteEmailDialog } from './invite-email-dialog';
import { InviteLinkDialog } from './invite-link-dialog';
import { useTeamProblemText } from './team-problem';

const COLUMNS = 7;

const STATUS_COLORS: Record<StoryInvite['status'], ChipProps['color']> = {
  ACTIVE: 'success',
  ACCEPTED: 'info',
  EXPIRED: 'default',
  REVOKED: 'default',
};

/** The last characters of an invite's code (the end of its /public-access/{code} address). */
function codeEnd(url: string): string {
  return url.slice(-4);
}

function InviteRow({ storyId, invite }: { storyId: number; invite: StoryInvite }) {
  const { t, i18n } = useTranslation('storyTeam');
  const { t: tDomain } = useTranslation('domain');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const notice = useSnackbarNotice();
  const problemText = useTeamProblemText();
  const { revoke } = useStoryInviteMutations(storyId);
  const locale = localeOfLanguage(i18n.resolvedLanguage ?? i18n.language);
  const role = tDomain(`storyMemberRole.${invite.role}`);
  const date = formatDate(invite.expiresAt, locale);
  const active = invite.status === 'ACTIVE';
  // An e-mail invite belongs to its addressee; only links are meant to be passed around.
  const isLink = invite.email === null;
  // Two links with the same role and expiry differ by their code, whose end tells them apart.
  const code = codeEnd(invite.url);
  const copyLabel = t('invites.copyLink', { role, date, code });
  const revokeLabel = invite.email
    ? t('invites.revokeEmail', { email: invite.email })
    : t('invites.revokeLink', { role, date, code });

  const copy = async () => {
    const url = absoluteUrl(invite.url);
    if (await copyText(url)) notice.show(tErrors('success.inviteLinkCopied'));
    else toast.error(t('invites.copyFailed', { url }));
  };

  const askRevoke = () => {
    const question = invite.email
      ? t('invites.revokeEmailMessage', { email: invite.email })
      : t('invites.revokeLinkMessage', { role });
    const joined =
      invite.acceptedCount > 0 ? t('invites.joinedStay', { count: invite.acceptedCount }) : '';
    confirm({
      title: t('invites.revokeTitle'),
      message: joined ? `${question} ${joined}` : question,
      okButtonText: t('invites.revoke'),
      onOk: async () => {
        try {
          await revoke.mutateAsync(invite.id);
          toast.success(t('invites.revoked'));
        } catch (error) {
          toast.error(problemText(error, t('invites.revokeFailed')));
        }
      },
    });
  };

  return (
    <TableRow hover>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {isLink ? (
            <LinkOutlinedIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
          ) : (
            <MailOutlineIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
          )}
          <div>
            {invite.email ?? t('invites.link')}
            {isLink ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('invites.linkDetail', {
                  date: formatDateTime(invite.createdAt, locale),
                  code,
                })}
              </Typography>
            ) : null}
          </div>
        </Box>
      </TableCell>
      <TableCell>{role}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant={active ? 'filled' : 'outlined'}
          color={STATUS_COLORS[invite.status]}
          label={t(`invites.status.${invite.status}`)}
        />
      </TableCell>
      <TableCell>
        <time dateTime={invite.expiresAt}>{date}</time>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{invite.createdBy?.name ?? '—'}</TableCell>
      <TableCell align="right">{formatNumber(invite.acceptedCount, locale)}</TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {active && isLink ? (
            <Tooltip title={copyLabel}>
              <IconButton size="small" aria-label={copyLabel} onClick={() => void copy()}>
                <ContentCopyOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          {active ? (
            <Tooltip title={revokeLabel}>
              <IconButton size="small" aria-label={revokeLabel} onClick={askRevoke}>
                <BlockOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

type OpenDialog = 'email' | 'link' | null;

export function InvitesSection({ story }: { story: Story }) {
  const { t } = useTranslation('storyTeam');
  const invites = useQuery(getStoryInvitesQueryOptions(story.id));
  const [open, setOpen] = useState<OpenDialog>(null);
  useQueryErrorToast(invites, t('invites.loadFailed'));
  const rows = invites.data ?? [];

  const actions = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<AddLinkOutlinedIcon />}
        onClick={() => setOpen('link')}
      >
        {t('invites.createLink')}
      </Button>
      <Button
        variant="contained"
        startIcon={<ForwardToInboxOutlinedIcon />}
        onClick={() => setOpen('email')}
      >
        {t('invites.byEmail')}
      </Button>
    </Stack>
  );

  return (
    <Box component="section" aria-labelledby="story-invites-title">
      <SectionHeader
        id="story-invites-title"
        title={t('invites.title')}
        text={t('invites.intro')}
        action={actions}
      />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={t('invites.title')} sx={{ tableLayout: 'fixed', minWidth: 860 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.invitation')}</TableCell>
                <TableCell sx={{ width: 120 }}>{t('fields.role')}</TableCell>
                <TableCell sx={{ width: 120 }}>{t('fields.status')}</TableCell>
                <TableCell sx={{ width: 130 }}>{t('fields.expires')}</TableCell>
                <TableCell sx={{ width: '18%' }}>{t('fields.createdBy')}</TableCell>
                <TableCell sx={{ width: 96 }} align="right">
                  {t('fields.accepted')}
                </TableCell>
                <TableCell sx={{ width: 104 }} align="right">
                  {t('fields.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invites.isPending ? <TableSkeletonRows columns={COLUMNS} rows={2} /> : null}
              {rows.map((invite) => (
                <InviteRow key={invite.id} storyId={story.id} invite={invite} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {invites.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<LinkOutlinedIcon />}
            title={t('invites.emptyTitle')}
            text={t('invites.emptyText')}
          />
        ) : null}
        {invites.isError ? (
          <EmptyState
            icon={<LinkOutlinedIcon />}
            title={t('invites.loadFailed')}
            text={t('loadFailedText')}
            action={<Button onClick={() => void invites.refetch()}>{t('retry')}</Button>}
          />
        ) : null}
      </Paper>
      {open === 'email' ? (
        <InviteEmailDialog storyId={story.id} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'link' ? (
        <InviteLinkDialog storyId={story.id} onClose={() => setOpen(null)} />
      ) : null}
    </Box>
  );
}
