// Two or more lineups side by side: per role each one's unit price (with its source) and price, the lowest marked, totals and differences from the first.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LineupPricing, Story } from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { formatSupplierPrice } from '@/lib/supplier-prices';
import { useStoryFigures } from '../lib/story-figures';
import { compareLineups } from './lineup-comparison';
import { PriceSourceChip } from './lineup-pricing-table';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const lowestSx = { bgcolor: 'success.main', color: 'success.contrastText', fontWeight: 700 };

function Lowest({ lowest, children }: { lowest: boolean; children: string }) {
  const { t } = useTranslation('lineups');
  return (
    <Box component="span" sx={lowest ? { ...lowestSx, px: 0.75, borderRadius: 1 } : undefined}>
      {children}
      {lowest ? (
        <Box component="span" sx={{ ml: 0.5, fontSize: '0.75rem', fontWeight: 400 }}>
          ({t('compare.lowest')})
        </Box>
      ) : null}
    </Box>
  );
}

export interface LineupComparisonTableProps {
  story: Story;
  lineups: readonly LineupPricing[];
}

export function LineupComparisonTable({ story, lineups }: LineupComparisonTableProps) {
  const { t } = useTranslation('lineups');
  const figures = useStoryFigures(story.catalog);
  const localized = useLocalizedText(story.catalog);
  const comparison = compareLineups(lineups);
  const first = lineups[0];
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={t('compare.title')}
        sx={{ minWidth: 320 + 220 * lineups.length }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('column.role')}</TableCell>
            {lineups.map((lineup) => (
              <TableCell key={lineup.id} align="right">
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {lineup.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {lineup.supplier.name} → {lineup.subscriber.name}
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {comparison.rows.map((row) => (
            <TableRow key={row.role.roleId} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {localized(row.role.name)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {row.role.code}
                </Typography>
              </TableCell>
              {row.cells.map((cell, index) => (
                <TableCell key={lineups[index]?.id ?? index} align="right" sx={numeric}>
                  {cell.pricing ? (
                    <>
                      <Lowest lowest={cell.lowest}>{figures.price(cell.pricing.price)}</Lowest>
                      <Box sx={{ color: 'text.secondary', fontSize: '0.75rem', mt: 0.25 }}>
                        {cell.pricing.source === null ? null : (
                          <PriceSourceChip source={cell.pricing.source} />
                        )}{' '}
                        {formatSupplierPrice(
                          cell.pricing.unitPrice,
                          lineups[index]?.currency ?? story.catalog.currency,
                          figures.locale,
                        )}
                      </Box>
                    </>
                  ) : (
                    t('detail.none')
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>
              {figures.incompleteTotal(
                t('compare.total'),
                Math.max(0, ...lineups.map((lineup) => lineup.unpricedInstances)),
              )}
            </TableCell>
            {comparison.totals.map((total, index) => (
              <TableCell
                key={lineups[index]?.id ?? index}
                align="right"
                sx={{ ...numeric, fontWeight: 700 }}
              >
                <Lowest lowest={total.lowest}>{figures.price(total.price)}</Lowest>
              </TableCell>
            ))}
          </TableRow>
          {first ? (
            <TableRow>
              <TableCell sx={{ color: 'text.secondary' }}>
                {t('compare.difference', { name: first.name })}
              </TableCell>
              {comparison.differences.map((difference, index) => {
                const negative = difference.startsWith('-');
                const zero = difference === '0.00';
                return (
                  <TableCell
                    key={lineups[index]?.id ?? index}
                    align="right"
                    sx={{
                      ...numeric,
                      color: zero ? 'text.secondary' : negative ? 'success.main' : 'error.main',
                    }}
                  >
                    {zero ? '—' : `${negative ? '' : '+'}${figures.price(difference)}`}
                  </TableCell>
                );
              })}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
