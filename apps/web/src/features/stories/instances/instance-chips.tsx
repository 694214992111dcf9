// What an instance is marked with under its name: optional, its item deprecated, a newer item version waiting (decision 0043), verified, and its labels.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';
import type { Instance, StoryLabel } from '@costory/shared';
import { LabelChip } from '@/components/label-chip';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatNumber } from '@/lib/format';

export interface InstanceChipsProps {
  instance: Instance;
  labelOf: (labelId: number) => StoryLabel | undefined;
  /** The grid has a cell for it instead. */
  showOptional: boolean;
}

export function InstanceChips({ instance, labelOf, showOptional }: InstanceChipsProps) {
  const { t } = useTranslation('instances');
  const locale = useUiLocale();
  const { version, latestVersion } = instance.item;
  const versions = {
    version: formatNumber(version, locale),
    latest: formatNumber(latestVersion, locale),
  };
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
      {version < latestVersion ? (
        // The story pins an older version; focusable, so a keyboard reaches the explanation too.
        <Tooltip title={t('list.upgradeWaitingHelp', versions)} describeChild>
          <Chip
            size="small"
            color="info"
            variant="outlined"
            icon={<UpgradeIcon />}
            label={t('list.upgradeWaiting', versions)}
            tabIndex={0}
          />
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
