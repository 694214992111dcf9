// A titled chart of fixed height: a skeleton of the same size while recharts loads, a note when there is nothing to draw.
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SummaryBarChartProps } from './summary-bar-chart';
import type { ChartDatum } from './summary-rows';

// recharts and its d3 helpers load with the first chart, not with the app (see vite.config.ts).
const SummaryBarChart = lazy(() =>
  import('./summary-bar-chart').then((module) => ({ default: module.SummaryBarChart })),
);

/** Fixed, so the page does not jump when the chart arrives; room for ten readable bars. */
export const CHART_HEIGHT = 320;

export interface ChartSpec {
  title: string;
  /** A line under the title saying what the chart leaves out. */
  note?: string;
  data: readonly ChartDatum[];
  color: SummaryBarChartProps['color'];
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
}

export function ChartCard({ title, note, data, color, formatValue, formatTick }: ChartSpec) {
  const { t } = useTranslation('summaries');
  return (
    <Paper
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
            height: CHART_HEIGHT,
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {t('chart.empty')}
        </Box>
      ) : (
        <Suspense
          fallback={
            <Skeleton
              variant="rounded"
              height={CHART_HEIGHT}
              role="status"
              aria-label={t('chart.loading')}
            />
          }
        >
          <SummaryBarChart
            data={data}
            height={CHART_HEIGHT}
            color={color}
            formatValue={formatValue}
            formatTick={formatTick}
          />
        </Suspense>
      )}
    </Paper>
  );
}

/** Two charts side by side on wide screens, one above the other on narrow ones. */
export function ChartGrid({ charts }: { charts: readonly ChartSpec[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mt: 3 }}>
      {charts.map((chart) => (
        <ChartCard key={chart.title} {...chart} />
      ))}
    </Box>
  );
}

/** The skeleton of the chart grid while the calculation loads: the same size as the charts. */
export function ChartGridSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mt: 3 }}>
      {[0, 1].map((index) => (
        <Skeleton key={index} variant="rounded" height={CHART_HEIGHT + 80} />
      ))}
    </Box>
  );
}
