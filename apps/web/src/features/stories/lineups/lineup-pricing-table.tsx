// One lineup priced role by role: amount, the catalog's, supplier's and custom price, the unit price used with its source, the price, and the totals; a customer's with the final prices only.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { CSSObject } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  isUsedRole,
  storyRoleAllows,
  type LineupPricing,
  type PriceSource,
  type Story,
} from '@costory/shared';
import { formatNumber } from '@/lib/format';
import { CodeText } from '@/components/code-text';
import { pinnedCell, usePhoneLayout } from '@/components/phone-table';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { formatSupplierPrice } from '@/lib/supplier-prices';
import { useStoryFigures } from '../lib/story-figures';

const SOURCE_COLORS: Record<PriceSource, 'primary' | 'secondary' | 'default'> = {
  CUSTOM: 'primary',
  SUPPLIER: 'secondary',
  CATALOG: 'default',
};

export function PriceSourceChip({ source }: { source: PriceSource }) {
  const { t } = useTranslation('lineups');
  return (
    <Chip
      size="small"
      variant={source === 'CATALOG' ? 'outlined' : 'filled'}
      color={SOURCE_COLORS[source]}
      label={t(`source.${source}`)}
    />
  );
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * A sum row: its label spans the other columns and its price stands in the pinned column. On a
 * phone the table is wider than its frame and the pinned column covers the label's end, so the
 * label moves into the pinned cell, above the price.
 */
function SumRow(props: {
  label: ReactNode;
  span: number;
  price: ReactNode;
  sx: CSSObject;
  testId?: string;
}) {
  const phone = usePhoneLayout();
  return (
    <TableRow>
      <TableCell colSpan={props.span} sx={props.sx}>
        {phone ? null : props.label}
      </TableCell>
      <TableCell align="right" data-testid={props.testId} sx={[props.sx, numeric, pinnedCell]}>
        {phone ? <Box sx={{ whiteSpace: 'normal' }}>{props.label}</Box> : null}
        {props.price}
      </TableCell>
    </TableRow>
  );
}

export interface LineupPricingTableProps {
  story: Story;
  lineup: LineupPricing;
}

export function LineupPricingTable({ story, lineup }: LineupPricingTableProps) {
  const { t } = useTranslation('lineups');
  const { t: tDomain } = useTranslation('domain');
  const figures = useStoryFigures(story.catalog);
  const localized = useLocalizedText(story.catalog);
  const unitPrice = (price: string | null) =>
    price === null ? t('detail.none') : formatSupplierPrice(price, lineup.currency, figures.locale);
  // A customer reads the final prices, not the candidates or where they come from (decision 0033).
  const margins = storyRoleAllows(story.myRole, 'READ_MARGINS');
  const span = margins ? 6 : 3;
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={t('detail.title', { name: lineup.name })}
        sx={{ minWidth: { sm: margins ? 880 : 560 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('column.role')}</TableCell>
            <TableCell align="right">{t('column.amount')}</TableCell>
            {margins ? (
              <>
                <TableCell align="right">{t('column.catalogPrice')}</TableCell>
                <TableCell align="right">{t('column.supplierPrice')}</TableCell>
                <TableCell align="right">{t('column.customPrice')}</TableCell>
              </>
            ) : null}
            <TableCell align="right">{t('column.unitPrice')}</TableCell>
            <TableCell align="right" sx={pinnedCell}>
              {t('column.price')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lineup.roles.filter(isUsedRole).map((role) => (
            <TableRow key={role.roleId} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {localized(role.name)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  <CodeText>{role.code}</CodeText>
                </Typography>
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatNumber(role.amount, figures.locale, { maximumFractionDigits: 4 })}{' '}
                {tDomain(`unitSymbol.${role.unit}`)}
              </TableCell>
              {margins ? (
                <>
                  <TableCell align="right" sx={numeric}>
                    {unitPrice(role.catalogPrice)}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {unitPrice(role.supplierPrice)}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {unitPrice(role.customPrice)}
                  </TableCell>
                </>
              ) : null}
              <TableCell align="right" sx={numeric}>
                {role.source === null ? null : <PriceSourceChip source={role.source} />}{' '}
                {unitPrice(role.unitPrice)}
              </TableCell>
              <TableCell align="right" sx={[{ ...numeric, fontWeight: 600 }, pinnedCell]}>
                {figures.price(role.price)}
              </TableCell>
            </TableRow>
          ))}
          <SumRow
            span={span}
            sx={{ fontWeight: 700 }}
            testId="lineup-total"
            label={
              <>
                {figures.incompleteTotal(t('detail.total'), lineup.unpricedInstances)} ·{' '}
                {t('column.time')} {figures.mandays(lineup.total.mandays)}{' '}
                {tDomain('unitSymbol.MANDAYS')}
              </>
            }
            price={figures.price(lineup.total.price)}
          />
          {lineup.optional.price !== '0.00' ? (
            <SumRow
              span={span}
              sx={{ color: 'text.secondary' }}
              label={t('detail.optional')}
              price={figures.price(lineup.optional.price)}
            />
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
