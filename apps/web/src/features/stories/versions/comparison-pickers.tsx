// The two sides of the version comparison (From, To): the story's versions by name and date, the live story, and the live story with its waiting upgrades when it pins item versions.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LIVE_STORY, UPGRADED_STORY, type StoryVersion } from '@costory/shared';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatDateTime } from '@/lib/format';
import { comparisonSideOfParam, type ComparisonSide } from '@/lib/routing/paths';

export interface ComparisonPickersProps {
  versions: readonly StoryVersion[];
  /** The story pins its item versions: the live story with every waiting upgrade is a side too. */
  pinsItemVersions: boolean;
  from: ComparisonSide;
  to: ComparisonSide;
  onChange: (sides: { from: ComparisonSide; to: ComparisonSide }) => void;
}

export function ComparisonPickers({
  versions,
  pinsItemVersions,
  from,
  to,
  onChange,
}: ComparisonPickersProps) {
  const { t } = useTranslation('stories');
  const locale = useUiLocale();
  // An address may name the side after the story stopped pinning: it stays selectable.
  const upgraded = pinsItemVersions || from === UPGRADED_STORY || to === UPGRADED_STORY;
  const options = [
    <MenuItem key={LIVE_STORY} value={LIVE_STORY}>
      {t('versions.compare.live')}
    </MenuItem>,
    ...(upgraded
      ? [
          <MenuItem key={UPGRADED_STORY} value={UPGRADED_STORY}>
            {t('versions.compare.upgraded')}
          </MenuItem>,
        ]
      : []),
    ...versions.map((version) => (
      <MenuItem key={version.id} value={String(version.id)}>
        {t('versions.compare.option', {
          name: version.name,
          date: formatDateTime(version.createdAt, locale),
        })}
      </MenuItem>
    )),
  ];
  const picked = (value: string) => comparisonSideOfParam(value) ?? LIVE_STORY;
  const field = { select: true, size: 'small', sx: { flex: 1, minWidth: 0 } } as const;
  return (
    <Stack
      role="group"
      aria-label={t('versions.compare.pickers')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ flex: 1, minWidth: 0 }}
    >
      <TextField
        {...field}
        label={t('versions.compare.from')}
        value={String(from)}
        onChange={(event) => onChange({ from: picked(event.target.value), to })}
      >
        {options}
      </TextField>
      <TextField
        {...field}
        label={t('versions.compare.to')}
        value={String(to)}
        onChange={(event) => onChange({ from, to: picked(event.target.value) })}
      >
        {options}
      </TextField>
    </Stack>
  );
}
