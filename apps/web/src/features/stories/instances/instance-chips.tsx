// What an instance is marked with under its name: optional, its item deprecated, verified, and its labels.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';
import type { Instance, StoryLabel } from '@costory/shared';
import { LabelChip } from '@/components/label-chip';

export interface InstanceChipsProps {
  instance: Instance;
  labelOf: (labelId: number) => StoryLabel | undefined;
  /** The grid has a cell for it instead. */
  showOptional: boolean;
}

export function InstanceChips({ instance, labelOf, showOptional }: InstanceChipsProps) {
  const { t } = useTranslation('instances');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
      {showOptional && instance.optional ? (
        <Chip size="small" variant="outlined" label={t('list.optional')} />
      ) : null}
      {instance.item.deprecated ? (
        <Tooltip title={t('list.deprecatedHelp')}>
          <Chip size="small" color="warning" label={t('list.deprecated')} />
        </Tooltip>
      ) : null}
      {instance.verified ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<VerifiedIcon />}
          label={t('list.verified')}
        />
      ) : null}
      {instance.labelIds.map((labelId) => {
        const label = labelOf(labelId);
        return label ? <LabelChip key={labelId} title={label.title} color={label.color} /> : null;
      })}
    </Box>
  );
}
