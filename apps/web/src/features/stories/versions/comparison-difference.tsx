// A difference of the version comparison: signed ("+€500.00"), coloured, and marked by an arrow and a word for those who do not see the colour.
import Box from '@mui/material/Box';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/lib/visually-hidden';
import type { StoryFigureFormat } from '../lib/story-figures';
import { signOf } from './comparison-rules';

export interface DifferenceProps {
  value: string | number;
  kind: 'price' | 'mandays';
  figures: StoryFigureFormat;
  strong?: boolean;
}

/** As the lineup comparison colours them: more is red, less is green, no change grey. */
const COLOR = { 1: 'error.main', 0: 'text.secondary', [-1]: 'success.main' } as const;

export function Difference({ value, kind, figures, strong = false }: DifferenceProps) {
  const { t } = useTranslation('stories');
  const sign = signOf(value);
  const text =
    kind === 'price'
      ? figures.priceDifference(value)
      : t('figures.mandays', { value: figures.mandaysDifference(value) });
  const Arrow = sign > 0 ? ArrowUpwardIcon : sign < 0 ? ArrowDownwardIcon : null;
  return (
    <Box
      component="span"
      sx={{
        color: COLOR[sign],
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        fontWeight: strong ? 700 : undefined,
      }}
    >
      {Arrow ? <Arrow aria-hidden sx={{ fontSize: '1em' }} /> : null}
      {text}
      {sign === 0 ? null : (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          ({sign > 0 ? t('versions.compare.increase') : t('versions.compare.decrease')})
        </Box>
      )}
    </Box>
  );
}
