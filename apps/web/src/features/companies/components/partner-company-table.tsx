// The table of suppliers or subscribers: name (linking to the company's page), contact, place and, for suppliers, how many prices are set.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PartnerCompany, PartnerKind } from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { formatNumber } from '@/lib/format';
import { visuallyHidden } from '@/lib/visually-hidden';
import { RowActions } from '@/components/row-actions';
import { useUiLocale } from '@/hooks/use-catalog-locale';

interface RowProps {
  company: PartnerCompany;
  showPrices: boolean;
  onEdit: (company: PartnerCompany) => void;
  onDelete: (company: PartnerCompany) => void;
}

function CompanyRow({ company, showPrices, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation('companies');
  const locale = useUiLocale();
  return (
    <TableRow hover>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Link
          component={RouterLink}
          to={paths.company(company.id)}
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {company.name}
        </Link>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{company.email}</TableCell>
      <TableCell>
        {company.phone ? (
          company.phone
        ) : (
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {t('list.noPhone')}
          </Typography>
        )}
      </TableCell>
      <TableCell>{t('list.location', { city: company.city, country: company.country })}</TableCell>
      {showPrices ? (
        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatNumber(company.priceCount, locale)}
        </TableCell>
      ) : null}
      <TableCell align="right">
        <RowActions
          name={company.name}
          onEdit={() => onEdit(company)}
          onDelete={() => onDelete(company)}
        />
      </TableCell>
    </TableRow>
  );
}

export interface PartnerCompanyTableProps {
  kind: PartnerKind;
  rows: readonly PartnerCompany[];
  isPending: boolean;
  onEdit: (company: PartnerCompany) => void;
  onDelete: (company: PartnerCompany) => void;
}

export function PartnerCompanyTable({
  kind,
  rows,
  isPending,
  onEdit,
  onDelete,
}: PartnerCompanyTableProps) {
  const { t } = useTranslation('companies');
  // Only suppliers have prices; a column of zeros for subscribers would say nothing.
  const showPrices = kind === 'SUPPLIER';
  return (
    <TableContainer>
      <Table aria-label={t(`list.tab.${kind}`)} sx={{ tableLayout: 'fixed', minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: showPrices ? '27%' : '30%' }}>
              {t('list.column.name')}
            </TableCell>
            <TableCell sx={{ width: '24%' }}>{t('list.column.email')}</TableCell>
            <TableCell sx={{ width: '15%' }}>{t('list.column.phone')}</TableCell>
            <TableCell>{t('list.column.location')}</TableCell>
            {showPrices ? (
              <TableCell sx={{ width: '9%' }} align="right">
                {t('list.column.prices')}
              </TableCell>
            ) : null}
            <TableCell sx={{ width: 96 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('list.column.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isPending ? (
            <TableSkeletonRows rows={5} columns={showPrices ? 6 : 5} />
          ) : (
            rows.map((company) => (
              <CompanyRow
                key={company.id}
                company={company}
                showPrices={showPrices}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
