// A story's status as a small chip with its localized name (decision 0031).
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { StoryStatus } from '@costory/shared';

const STATUS_COLORS: Record<StoryStatus, ChipProps['color']> = {
  DRAFT: 'default',
  SENT: 'info',
  ACCEPTED: 'success',
  REJECTED: 'error',
  ARCHIVED: 'default',
};

export function StoryStatusChip({ status, sx }: { status: StoryStatus; sx?: ChipProps['sx'] }) {
  const { t } = useTranslation('domain');
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'ARCHIVED' || status === 'DRAFT' ? 'outlined' : 'filled'}
      label={t(`storyStatus.${status}`)}
      data-status={status}
      {...(sx === undefined ? {} : { sx })}
    />
  );
}
