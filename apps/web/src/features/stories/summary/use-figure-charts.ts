// The two charts most summaries show: estimated time and price (or score) per row, largest first; time alone without prices.
import { useTranslation } from 'react-i18next';
import type { ChartSpec } from './chart-card';
import { chartData, type FigureRow } from './summary-rows';
import type { SummaryFormat } from './use-summary-format';

export type ChartBy = 'roles' | 'phases' | 'ctl' | 'ict';

export function useFigureCharts(
  rows: readonly FigureRow[],
  by: ChartBy,
  format: SummaryFormat,
  note?: string,
): ChartSpec[] {
  const { t } = useTranslation('summaries');
  const other = (count: number) => t('chart.other', { count });
  const byText = t(`chart.by.${by}`);
  const timeChart: ChartSpec = {
    title: t('chart.time', { by: byText }),
    note,
    data: chartData(
      rows.map((row) => ({ name: row.name, value: row.mandays })),
      other,
    ),
    color: 'primary',
    formatValue: format.mandays,
    formatTick: format.mandaysTick,
  };
  if (!format.withPrices) return [timeChart];
  return [
    timeChart,
    {
      title: t(format.scored ? 'chart.score' : 'chart.price', { by: byText }),
      note,
      data: chartData(
        rows.map((row) => ({ name: row.name, value: Number(row.price) })),
        other,
      ),
      color: 'secondary',
      formatValue: format.price,
      formatTick: format.priceTick,
    },
  ];
}
