// The story's status on its overview: chip, who set it and when, and the changes the caller's role allows (decision 0031).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storyStatusTargets, type Story, type StoryStatus } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/api-client';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { useSetStoryStatus } from '../api/stories';
import { storyKeys } from '../api/query-keys';
import { StoryStatusChip } from './story-status-chip';

export function StoryStatusPanel({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const { t: tDomain } = useTranslation('domain');
  const locale = useUiLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  const setStatus = useSetStoryStatus(story.id);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const targets = storyStatusTargets(story.myRole, story.status);
  const statusName = tDomain(`storyStatus.${story.status}`);
  const date = formatDateTime(story.statusChangedAt, locale);

  const choose = (status: StoryStatus) => {
    setAnchor(null);
    setStatus.mutate(
      { status, version: story.version },
      {
        onSuccess: () =>
          toast.success(t('status.saved', { status: tDomain(`storyStatus.${status}`) })),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONFLICT') {
            void queryClient.invalidateQueries({ queryKey: storyKeys.detail(story.id) });
            toast.error(t('status.conflict'));
            return;
          }
          toast.error(t('status.failed'));
        },
      },
    );
  };

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}
      aria-label={t('status.label')}
      role="group"
    >
      <StoryStatusChip status={story.status} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {story.statusChangedBy
          ? t('status.changed', { status: statusName, date, name: story.statusChangedBy.name })
          : t('status.changedAt', { status: statusName, date })}
      </Typography>
      {targets.length > 0 ? (
        <>
          <Button
            size="small"
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-expanded={anchor !== null}
            loading={setStatus.isPending}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {t('status.change')}
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {targets.map((status) => (
              <MenuItem key={status} onClick={() => choose(status)}>
                {t(`status.action.${status}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Box>
  );
}
