// The summary by phases: time, price and share per catalog phase in the catalog's order, with two charts.
import { useMemo } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Story, StoryCalculationDto, StoryCatalog } from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { ChartGrid } from './chart-card';
import { FigureCells, SummaryTable, TotalRow } from './summary-table';
import { phaseRows } from './summary-rows';
import { useFigureCharts } from './use-figure-charts';
import type { SummaryFormat } from './use-summary-format';

export interface PhaseSummaryProps {
  story: Story;
  catalog: StoryCatalog;
  calculation: StoryCalculationDto;
  format: SummaryFormat;
}

export function PhaseSummary({ story, catalog, calculation, format }: PhaseSummaryProps) {
  const { t } = useTranslation('summaries');
  const localized = useLocalizedText(story.catalog);
  const withoutPhase = t('withoutPhase');
  const rows = useMemo(
    () => phaseRows(calculation, catalog, localized, withoutPhase),
    [calculation, catalog, localized, withoutPhase],
  );
  const charts = useFigureCharts(rows, 'phases', format);
  return (
    <>
      <SummaryTable
        label={t('tabs.phases')}
        leading={[{ label: t('column.phase') }]}
        format={format}
        footer={
          <TotalRow
            label={t('total')}
            span={1}
            price={calculation.total.price}
            mandays={calculation.total.mandays}
            format={format}
          />
        }
      >
        {rows.map((row) => (
          <TableRow key={row.key} hover>
            <TableCell sx={{ fontWeight: 600 }}>{row.name}</TableCell>
            <FigureCells
              price={row.price}
              mandays={row.mandays}
              share={row.share}
              format={format}
            />
          </TableRow>
        ))}
      </SummaryTable>
      <ChartGrid charts={charts} />
    </>
  );
}
