// The summary by instances (ICT): time, price and share per instance, optional instances in their own table, with charts.
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Story, StoryCalculationDto } from '@costory/shared';
import { SectionHeader } from '@/components/section-header';
import { ChartGrid, ChartGridSkeleton } from './chart-card';
import { VirtualTableBody } from '@/components/virtual-table-body';
import { FigureCells, SummaryTable, summaryColumnCount, TotalRow } from './summary-table';
import { instanceRows, type InstanceRow as Row } from './summary-rows';
import { useFigureCharts } from './use-figure-charts';
import { useInstanceNames, type InstanceNames } from './use-instance-names';
import type { SummaryFormat } from './use-summary-format';

/** An instance row's height in px (name, item code, small padding) for the virtual body. */
const ROW_HEIGHT = 55;

function InstanceRow({
  row,
  names,
  format,
  rowIndex,
}: {
  row: Row;
  names: InstanceNames;
  format: SummaryFormat;
  /** The row's place among all rows (1: the head), for a table whose body is virtual. */
  rowIndex: number;
}) {
  const { t } = useTranslation('summaries');
  const name = names.nameOf(row.instanceId);
  const itemCode = names.itemCodeOf(row.instanceId);
  return (
    <TableRow hover aria-rowindex={rowIndex}>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {name ?? <Skeleton width={160} />}
          </Typography>
          {row.optional ? <Chip size="small" variant="outlined" label={t('optional')} /> : null}
          {row.errorCount > 0 ? (
            <Chip
              size="small"
              color="error"
              label={t('instanceErrors', { count: row.errorCount })}
            />
          ) : null}
        </Box>
        {itemCode ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {itemCode}
          </Typography>
        ) : null}
      </TableCell>
      <FigureCells price={row.price} mandays={row.mandays} share={row.share} format={format} />
    </TableRow>
  );
}

export interface InstanceSummaryProps {
  story: Story;
  calculation: StoryCalculationDto;
  format: SummaryFormat;
  /** Names given by the caller (a frozen version's legend); otherwise the story's instances are read. */
  names?: InstanceNames | undefined;
}

export function InstanceSummary({
  story,
  calculation,
  format,
  names: given,
}: InstanceSummaryProps) {
  const { t } = useTranslation('summaries');
  const read = useInstanceNames(story, given === undefined);
  const names = given ?? read;
  const { main, optional } = useMemo(() => instanceRows(calculation), [calculation]);
  const named = main.map((row) => ({ ...row, name: names.nameOf(row.instanceId) ?? '' }));
  const charts = useFigureCharts(named, 'ict', format);
  const namesReady = main.every((row) => names.nameOf(row.instanceId) !== null);
  const leading = [{ label: t('column.instance') }];
  const body = (rows: readonly Row[]) => (
    <VirtualTableBody
      rows={rows}
      columns={summaryColumnCount(leading.length, format)}
      rowHeight={ROW_HEIGHT}
      renderRow={(row, index) => (
        <InstanceRow key={row.key} row={row} names={names} format={format} rowIndex={index + 2} />
      )}
    />
  );

  return (
    <>
      {names.failed ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('namesFailed')}
        </Alert>
      ) : null}
      <SummaryTable
        label={t('tabs.ict')}
        leading={leading}
        format={format}
        rowCount={main.length + 2}
        body={body(main)}
        footer={
          <TotalRow
            label={t('total')}
            span={1}
            price={calculation.total.price}
            mandays={calculation.total.mandays}
            format={format}
          />
        }
      />
      {optional.length > 0 ? (
        <Box component="section" aria-labelledby="optional-instances" sx={{ mt: 3 }}>
          <SectionHeader
            id="optional-instances"
            title={t('optionalTitle')}
            text={t('optionalText')}
          />
          <SummaryTable
            label={t('optionalTitle')}
            leading={leading}
            format={format}
            rowCount={optional.length + 2}
            body={body(optional)}
            footer={
              <TotalRow
                label={t('optionalTotal')}
                span={1}
                price={calculation.optional.price}
                mandays={calculation.optional.mandays}
                format={format}
              />
            }
          />
        </Box>
      ) : null}
      {/* Bars without names would be redrawn once the names arrive; the skeleton keeps the place. */}
      {namesReady ? <ChartGrid charts={charts} /> : <ChartGridSkeleton />}
    </>
  );
}
