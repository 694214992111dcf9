// The summaries' horizontal bar chart (recharts), loaded on demand so the charting library stays out of the first page.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartDatum } from './summary-rows';

export interface SummaryBarChartProps {
  data: readonly ChartDatum[];
  height: number;
  color: 'primary' | 'secondary';
  /** The full value for the tooltip: "1 250,50 €". */
  formatValue: (value: number) => string;
  /** A short value for the axis: "1,3 tis. €". */
  formatTick: (value: number) => string;
}

const NAME_WIDTH = 150;
const MAX_NAME_LENGTH = 22;

// Long names would run into the bars; the tooltip shows them in full.
function shortName(name: string): string {
  return name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1).trimEnd()}…` : name;
}

function ChartTooltip({
  datum,
  formatValue,
}: {
  datum: ChartDatum | undefined;
  formatValue: (value: number) => string;
}) {
  if (!datum) return null;
  return (
    <Paper elevation={3} sx={{ px: 1.5, py: 1, maxWidth: 320 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {datum.name}
      </Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatValue(datum.value)}
      </Typography>
    </Paper>
  );
}

export function SummaryBarChart({
  data,
  height,
  color,
  formatValue,
  formatTick,
}: SummaryBarChartProps) {
  const theme = useTheme();
  const fill = theme.palette[color].main;
  const tick = { fontSize: 12, fill: theme.palette.text.secondary };
  return (
    <BarChart
      responsive
      layout="vertical"
      data={[...data]}
      margin={{ top: 4, right: 24, bottom: 4, left: 4 }}
      style={{ width: '100%', height }}
    >
      <CartesianGrid horizontal={false} stroke={theme.palette.divider} />
      <XAxis
        type="number"
        tickFormatter={formatTick}
        tick={tick}
        stroke={theme.palette.divider}
        tickCount={5}
      />
      <YAxis
        type="category"
        dataKey="name"
        width={NAME_WIDTH}
        tickFormatter={shortName}
        tick={tick}
        stroke={theme.palette.divider}
        interval={0}
      />
      <Tooltip
        cursor={{ fill: theme.palette.action.hover }}
        content={({ active, payload }) => (
          <ChartTooltip
            datum={active ? (payload[0]?.payload as ChartDatum | undefined) : undefined}
            formatValue={formatValue}
          />
        )}
      />
      <Bar dataKey="value" fill={fill} radius={[0, 4, 4, 0]} maxBarSize={28} />
    </BarChart>
  );
}
