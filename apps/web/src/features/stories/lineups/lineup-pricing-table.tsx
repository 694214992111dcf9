// One lineup priced role by role: amount, the catalog's, supplier's and custom price, the unit price used with its source, the price, and the totals; a customer's with the final prices only.
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  isUsedRole,
  storyRoleAllows,
  type LineupPricing,
  type PriceSource,
  type Story,
} from '@costory/shared';
import { formatNumber } from '@/lib/format';
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
        sx={{ minWidth: margins ? 880 : 560 }}
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
            <TableCell align="right">{t('column.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lineup.roles.filter(isUsedRole).map((role) => (
            <TableRow key={role.roleId} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {localized(role.name)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {role.code}
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
              <TableCell align="right" sx={{ ...numeric, fontWeight: 600 }}>
                {figures.price(role.price)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={span} sx={{ fontWeight: 700 }}>
              {figures.incompleteTotal(t('detail.total'), lineup.unpricedInstances)} ·{' '}
              {t('column.time')} {figures.mandays(lineup.total.mandays)}{' '}
              {tDomain('unitSymbol.MANDAYS')}
            </TableCell>
            <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
              {figures.price(lineup.total.price)}
            </TableCell>
          </TableRow>
          {lineup.optional.price !== '0.00' ? (
            <TableRow>
              <TableCell colSpan={span} sx={{ color: 'text.secondary' }}>
                {t('detail.optional')}
              </TableCell>
              <TableCell align="right" sx={{ ...numeric, color: 'text.secondary' }}>
                {figures.price(lineup.optional.price)}
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
