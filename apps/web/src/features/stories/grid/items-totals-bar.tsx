// Always in sight under the items: the total of the instances the filters show and the story's total, both moving as a value is typed in the grid (before it is saved).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Story } from '@costory/shared';
import { getInstanceSubtotalQueryOptions } from '../api/instances';
import type { InstanceListFilters } from '../api/query-keys';
import { formatNumber } from '@/lib/format';
import { useStoryFigures } from '../lib/story-figures';
import { useGridDelta } from './grid-deltas';

export interface ItemsTotalsBarProps {
  story: Story;
  filters: InstanceListFilters;
  /** A group, label, role, phase or search narrows the list. */
  filtered: boolean;
  margins: boolean;
}

export function ItemsTotalsBar({ story, filters, filtered, margins }: ItemsTotalsBarProps) {
  const { t } = useTranslation('instances');
  const figures = useStoryFigures(story.catalog);
  const delta = useGridDelta();
  const subtotal = useQuery({
    ...getInstanceSubtotalQueryOptions(story.id, filters),
    enabled: filtered,
  });
  const incomplete = delta.incompleteRows > 0;
  const count = (value: number) => formatNumber(value, figures.locale);
  const figure = (
    mandays: number,
    price: string | null,
    moved: { mandays: number; price: number },
  ) =>
    incomplete
      ? '—'
      : [
          t('list.mandays', { value: figures.mandays(mandays + moved.mandays) }),
          margins && price !== null ? figures.price(Number(price) + moved.price) : null,
        ]
          .filter(Boolean)
          .join(' · ');

  return (
    <Box
      role="region"
      aria-label={t('grid.totals')}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 4 },
        justifyContent: 'flex-end',
        alignItems: 'baseline',
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {incomplete ? (
        <Typography variant="body2" color="error" sx={{ mr: 'auto' }}>
          {t('grid.totalsIncomplete', { count: delta.incompleteRows })}
        </Typography>
      ) : null}
      {filtered ? (
        <Figure
          label={
            subtotal.data
              ? t('grid.filteredTotal', { number: count(subtotal.data.count) })
              : t('grid.filteredTotalLoading')
          }
          value={
            subtotal.data
              ? figure(subtotal.data.mandays, subtotal.data.price, {
                  mandays: delta.filteredMandays,
                  price: delta.filteredPrice,
                })
              : '…'
          }
        />
      ) : null}
      <Figure
        label={t('grid.storyTotal', {
          count: story.instanceCount,
          number: count(story.instanceCount),
        })}
        value={figure(story.estimatedMandays, story.price, delta)}
        strong
      />
    </Box>
  );
}

function Figure(props: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Typography>
      <Typography
        component="output"
        aria-label={props.label}
        // It changes on every keystroke in the grid: read when asked for, not announced each time.
        aria-live="off"
        sx={{
          display: 'block',
          fontWeight: props.strong ? 700 : 600,
          fontSize: props.strong ? '1.15rem' : '1rem',
          // A box of a fixed size: the figure changes on every keystroke in the grid without
          // laying out the page around it again.
          contain: 'strict',
          width: '15em',
          maxWidth: '100%',
          height: '1.6em',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {props.value}
      </Typography>
    </Box>
  );
}
