// Building blocks of the summary tables: the table frame with its head and total row, and the time, price and share cells.
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { CopyValue } from './copy-value';
import type { SummaryFormat } from './use-summary-format';

export interface SummaryTableProps {
  label: string;
  /** Heads of the columns before the time, price and share columns. */
  leading: readonly { label: string; align?: 'right' }[];
  format: SummaryFormat;
  /** The body's rows; or `body`, a body of its own (a virtual one for long tables). */
  children?: ReactNode;
  body?: ReactNode;
  /** All rows of a virtual body, head and total included, for assistive technology. */
  rowCount?: number;
  footer?: ReactNode;
}

/** The columns a summary table has with `leading` ones before its figures. */
export function summaryColumnCount(leading: number, format: SummaryFormat): number {
  return leading + (format.withPrices ? 3 : 1);
}

export function SummaryTable({
  label,
  leading,
  format,
  children,
  body,
  rowCount,
  footer,
}: SummaryTableProps) {
  const { t } = useTranslation('summaries');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} aria-rowcount={rowCount}>
        <TableHead>
          <TableRow>
            {leading.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
            <TableCell align="right">{t('column.time')}</TableCell>
            {format.withPrices ? (
              <>
                <TableCell align="right">
                  {format.scored ? t('column.score') : t('column.price')}
                </TableCell>
                <TableCell align="right">{t('column.share')}</TableCell>
              </>
            ) : null}
          </TableRow>
        </TableHead>
        {body ?? <TableBody>{children}</TableBody>}
        {footer ? <TableFooter>{footer}</TableFooter> : null}
      </Table>
    </TableContainer>
  );
}

export interface FigureCellsProps {
  /** Null for a customer: the time alone is shown. */
  price: string | null;
  mandays: number;
  share: number | null;
  format: SummaryFormat;
  strong?: boolean;
}

/** Time, price and share of one row (time alone without prices); time and price copy as plain numbers. */
export function FigureCells({ price, mandays, share, format, strong = false }: FigureCellsProps) {
  return (
    <>
      <TableCell align="right">
        <CopyValue
          display={format.mandays(mandays)}
          plain={format.plain(mandays)}
          strong={strong}
        />
      </TableCell>
      {format.withPrices && price !== null ? (
        <>
          <TableCell align="right">
            <CopyValue
              display={format.price(price)}
              plain={format.plainMoney(price)}
              strong={strong}
            />
          </TableCell>
          <TableCell
            align="right"
            sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
          >
            {format.share(share)}
          </TableCell>
        </>
      ) : null}
    </>
  );
}

/** The closing row: "Total" with the table's time and price. */
export function TotalRow({
  label,
  span,
  price,
  mandays,
  format,
}: {
  label: string;
  /** Columns before the time column. */
  span: number;
  price: string | null;
  mandays: number;
  format: SummaryFormat;
}) {
  return (
    <TableRow sx={{ '& td': { color: 'text.primary', fontSize: '0.875rem', fontWeight: 600 } }}>
      <TableCell colSpan={span}>{label}</TableCell>
      <FigureCells
        price={price}
        mandays={mandays}
        share={price === null || Number(price) === 0 ? null : 1}
        format={format}
        strong
      />
    </TableRow>
  );
}
