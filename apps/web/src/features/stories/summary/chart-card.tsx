// A titled chart of fixed height (full, or small for a few bars), drawn once it is near the viewport: a skeleton of the same size
// while recharts loads, a note when there is nothing to draw.
import { lazy, Suspense, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '@/hooks/use-near-viewport';
import type { SummaryBarChartProps } from './summary-bar-chart';
import type { ChartDatum } from './summary-rows';

// recharts and its d3 helpers load with the first chart, not with the app (see vite.config.ts).
const SummaryBarChart = lazy(() =>
  import('./summary-bar-chart').then((module) => ({ default: module.SummaryBarChart })),
);

/** Fixed, so the page does not jump when the chart arrives; room for ten readable bars. */
export const CHART_HEIGHT = 320;

/** The room a bar takes in a small chart, and what the value axis and margins take besides. */
const SMALL_BAR_HEIGHT = 36;
const SMALL_CHART_FRAME = 48;

/** A small chart as tall as its bars need (never taller than a full one), so a unit with one role stays compact. */
export function smallChartHeight(bars: number): number {
  return Math.min(CHART_HEIGHT, SMALL_CHART_FRAME + SMALL_BAR_HEIGHT * Math.max(bars, 1));
}

export interface ChartSpec {
  title: string;
  /** A line under the title saying what the chart leaves out. */
  note?: string;
  data: readonly ChartDatum[];
  color: SummaryBarChartProps['color'];
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  /** CHART_HEIGHT unless told otherwise. */
  height?: number;
}

export function ChartCard({
  title,
  note,
  data,
  color,
  formatValue,
  formatTick,
  height = CHART_HEIGHT,
}: ChartSpec) {
  const { t } = useTranslation('summaries');
  const figure = useRef<HTMLElement>(null);
  // Charts below the fold (all of them on a phone) neither load recharts nor render with the page:
  // until the reader scrolls near, the chart's room stays empty (nothing is loading yet).
  const near = useNearViewport(figure);
  return (
    <Paper
      ref={figure}
      variant="outlined"
      component="figure"
      aria-label={title}
      sx={{ m: 0, p: 2, minWidth: 0 }}
    >
      <Typography component="figcaption" variant="h3" sx={{ fontSize: '1rem', mb: 0.25 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', minHeight: '1.43em', mb: 1 }}>
        {note}
      </Typography>
      {data.length === 0 ? (
        <Box
          sx={{
            height,
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {t('chart.empty')}
        </Box>
      ) : near ? (
        <Suspense
          fallback={
            <Skeleton
              variant="rounded"
              height={height}
              role="status"
              aria-label={t('chart.loading')}
            />
          }
        >
          <SummaryBarChart
            data={data}
            height={height}
            color={color}
            formatValue={formatValue}
            formatTick={formatTick}
          />
        </Suspense>
      ) : (
        <Box sx={{ height }} />
      )}
    </Paper>
  );
}

/** Two charts side by side on wide screens, one above the other on narrow ones. */
const TWO_COLUMNS = { xs: '1fr', lg: '1fr 1fr' };
/** Small charts: up to three side by side, still wide enough for the names and the bars. */
const SMALL_COLUMNS = { xs: '1fr', md: '1fr 1fr', xl: 'repeat(3, 1fr)' };

/** Full charts two to a row; `small` ones (amounts per unit) up to three. */
export function ChartGrid({
  charts,
  small = false,
}: {
  charts: readonly ChartSpec[];
  small?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: small ? SMALL_COLUMNS : TWO_COLUMNS,
        mt: small ? 2 : 3,
      }}
    >
      {charts.map((chart) => (
        <ChartCard key={chart.title} {...chart} />
      ))}
    </Box>
  );
}

/** The skeleton of the chart grid while the calculation loads: the same size as the charts. */
export function ChartGridSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: TWO_COLUMNS, mt: 3 }}>
      {[0, 1].map((index) => (
        <Skeleton key={index} variant="rounded" height={CHART_HEIGHT + 80} />
      ))}
    </Box>
  );
}
