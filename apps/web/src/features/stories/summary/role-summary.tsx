// The summary by roles: amount in each role's unit, unit (or score) price, price, time and share, with charts of time, price and amount per unit.
import { useMemo } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StoryCalculationDto, StoryCatalog, Story } from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { ChartGrid, smallChartHeight, type ChartSpec } from './chart-card';
import { CopyValue } from './copy-value';
import { FigureCells, SummaryTable, TotalRow } from './summary-table';
import { chartData, roleRows, type RoleRow } from './summary-rows';
import type { SummaryFormat } from './use-summary-format';

export interface RoleSummaryProps {
  story: Story;
  catalog: StoryCatalog;
  calculation: StoryCalculationDto;
  format: SummaryFormat;
}

/**
 * Amounts of different units share no axis, so each unit the used roles measure in gets its own small
 * chart of just its roles ("Amount (m²) by role"); the time chart compares hours with man-days.
 */
function useAmountCharts(rows: readonly RoleRow[], format: SummaryFormat): ChartSpec[] {
  const { t } = useTranslation('summaries');
  const { t: tDomain } = useTranslation('domain');
  const other = (count: number) => t('chart.other', { count });
  const units = [...new Set(rows.filter((row) => row.amount > 0).map((row) => row.unit))];
  return units.map((unit) => {
    const symbol = tDomain(`unitSymbol.${unit}`);
    const data = chartData(
      rows.filter((row) => row.unit === unit).map((row) => ({ name: row.name, value: row.amount })),
      other,
    );
    return {
      title: t('chart.amount', { unit: symbol }),
      data,
      color: 'primary',
      formatValue: (value) => `${format.amount(value)} ${symbol}`,
      formatTick: format.amountTick,
      height: smallChartHeight(data.length),
    };
  });
}

export function RoleSummary({ story, catalog, calculation, format }: RoleSummaryProps) {
  const { t } = useTranslation('summaries');
  const { t: tDomain } = useTranslation('domain');
  const localized = useLocalizedText(story.catalog);
  const rows = useMemo(
    () => roleRows(calculation, catalog, localized),
    [calculation, catalog, localized],
  );
  const other = (count: number) => t('chart.other', { count });
  const timeChart: ChartSpec = {
    title: t('chart.time', { by: t('chart.by.roles') }),
    note: t('chart.timeRolesOnly'),
    data: chartData(
      rows.map((row) => ({ name: row.name, value: row.mandays })),
      other,
    ),
    color: 'primary',
    formatValue: format.mandays,
    formatTick: format.mandaysTick,
  };
  const priceChart: ChartSpec = {
    title: t(format.scored ? 'chart.score' : 'chart.price', { by: t('chart.by.roles') }),
    data: chartData(
      rows.map((row) => ({ name: row.name, value: Number(row.price) })),
      other,
    ),
    color: 'secondary',
    formatValue: format.price,
    formatTick: format.priceTick,
  };
  const amountCharts = useAmountCharts(rows, format);
  const leading = [
    { label: t('column.role') },
    { label: t('column.amount'), align: 'right' as const },
    { label: t('column.unit') },
    ...(format.withPrices
      ? [
          {
            label: format.scored ? t('column.scorePrice') : t('column.unitPrice'),
            align: 'right' as const,
          },
        ]
      : []),
  ];

  return (
    <>
      <SummaryTable
        label={t('tabs.roles')}
        leading={leading}
        format={format}
        footer={
          <TotalRow
            label={t('total')}
            span={leading.length}
            price={calculation.total.price}
            mandays={calculation.total.mandays}
            format={format}
          />
        }
      >
        {rows.map((row) => (
          <TableRow key={row.key} hover>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {row.code}
              </Typography>
            </TableCell>
            <TableCell align="right">
              <CopyValue display={format.amount(row.amount)} plain={format.plain(row.amount)} />
            </TableCell>
            <TableCell>{tDomain(`unit.${row.unit}`)}</TableCell>
            {row.unitPrice === null ? null : (
              <TableCell align="right">
                <CopyValue
                  display={format.unitPrice(row.unitPrice)}
                  plain={format.plainMoney(row.unitPrice)}
                />
              </TableCell>
            )}
            <FigureCells
              price={row.price}
              mandays={row.mandays}
              share={row.share}
              format={format}
            />
          </TableRow>
        ))}
      </SummaryTable>
      <ChartGrid charts={format.withPrices ? [timeChart, priceChart] : [timeChart]} />
      <ChartGrid charts={amountCharts} small />
    </>
  );
}
