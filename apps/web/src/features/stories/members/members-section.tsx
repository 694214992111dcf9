// The story's members as a table; admins (MANAGE_STORY) edit a member's role and description and remove members.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storyRoleAllows, type Story, type StoryMember } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { EmptyState } from '@/components/empty-state';
import { SectionHeader } from '@/components/section-header';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { getStoryMembersQueryOptions, useStoryMemberMutations } from '../api/members';
import { MemberDialog } from './member-dialog';
import { useTeamProblemText } from './team-problem';

const COLUMNS = 5;

function MemberActions({
  storyId,
  member,
  onEdit,
}: {
  storyId: number;
  member: StoryMember;
  onEdit: () => void;
}) {
  const { t } = useTranslation('storyTeam');
  const confirm = useConfirm();
  const toast = useToast();
  const problemText = useTeamProblemText();
  const { remove } = useStoryMemberMutations(storyId);
  const name = member.name || member.email;
  const editLabel = t('members.editNamed', { name });
  const removeLabel = t('members.removeNamed', { name });

  const askRemove = () =>
    confirm({
      title: t('members.removeTitle'),
      message: t('members.removeMessage', { name }),
      okButtonText: t('members.remove'),
      onOk: async () => {
        try {
          await remove.mutateAsync(member.id);
          toast.success(t('members.removed', { name }));
        } catch (error) {
          toast.error(problemText(error, t('members.removeFailed')));
        }
      },
    });

  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={editLabel}>
        <IconButton size="small" aria-label={editLabel} onClick={onEdit}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={removeLabel}>
        <IconButton size="small" aria-label={removeLabel} onClick={askRemove}>
          <PersonRemoveOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

export function MembersSection({ story }: { story: Story }) {
  const { t } = useTranslation('storyTeam');
  const { t: tDomain } = useTranslation('domain');
  const members = useQuery(getStoryMembersQueryOptions(story.id));
  const [editing, setEditing] = useState<StoryMember | null>(null);
  const canManage = storyRoleAllows(story.myRole, 'MANAGE_STORY');
  useQueryErrorToast(members, t('members.loadFailed'));
  const rows = members.data ?? [];

  return (
    <Box component="section" aria-labelledby="story-members-title" sx={{ mb: 5 }}>
      <SectionHeader
        id="story-members-title"
        title={t('members.title')}
        text={t('members.intro')}
      />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label={t('members.title')} sx={{ tableLayout: 'fixed', minWidth: 860 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '20%' }}>{t('fields.name')}</TableCell>
                <TableCell sx={{ width: '22%' }}>{t('fields.email')}</TableCell>
                <TableCell sx={{ width: '16%' }}>{t('fields.company')}</TableCell>
                <TableCell sx={{ width: 130 }}>{t('fields.role')}</TableCell>
                <TableCell>{t('fields.description')}</TableCell>
                {canManage ? (
                  <TableCell sx={{ width: 104 }} align="right">
                    {t('fields.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {members.isPending ? (
                <TableSkeletonRows columns={COLUMNS + (canManage ? 1 : 0)} />
              ) : null}
              {rows.map((member) => (
                <TableRow key={member.id} hover>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {member.name || '—'}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {member.companyName || '—'}
                  </TableCell>
                  <TableCell>{tDomain(`storyMemberRole.${member.role}`)}</TableCell>
                  <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {member.description}
                  </TableCell>
                  {canManage ? (
                    <TableCell align="right">
                      <MemberActions
                        storyId={story.id}
                        member={member}
                        onEdit={() => setEditing(member)}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {members.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<GroupOutlinedIcon />}
            title={t('members.emptyTitle')}
            text={canManage ? t('members.emptyText') : t('members.emptyTextReadOnly')}
          />
        ) : null}
        {members.isError ? (
          <EmptyState
            icon={<GroupOutlinedIcon />}
            title={t('members.loadFailed')}
            text={t('loadFailedText')}
            action={<Button onClick={() => void members.refetch()}>{t('retry')}</Button>}
          />
        ) : null}
      </Paper>
      {members.isSuccess && rows.length > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('members.count', { count: rows.length })}
        </Typography>
      ) : null}
      {editing ? (
        <MemberDialog storyId={story.id} member={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Box>
  );
}
