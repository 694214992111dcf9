// The contact and address of a supplier or subscriber, as its page shows them.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PartnerCompany } from '@costory/shared';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function PartnerCompanyDetails({ company }: { company: PartnerCompany }) {
  const { t } = useTranslation('companies');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="dl"
        aria-label={t('detail.details')}
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <Detail term={t('detail.email')}>
          <Link href={`mailto:${company.email}`} underline="hover">
            {company.email}
          </Link>
        </Detail>
        <Detail term={t('detail.phone')}>
          {company.phone ? (
            <Link href={`tel:${company.phone}`} underline="hover">
              {company.phone}
            </Link>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('list.noPhone')}
            </Box>
          )}
        </Detail>
        <Detail term={t('detail.address')}>
          {t('detail.street', { street: company.street, streetNumber: company.streetNumber })}
          <br />
          {t('detail.city', { zip: company.zip, city: company.city })}
          <br />
          {company.country}
        </Detail>
        {company.ico ? <Detail term={t('fieldName.ico')}>{company.ico}</Detail> : null}
        {company.dic ? <Detail term={t('fieldName.dic')}>{company.dic}</Detail> : null}
      </Box>
    </Paper>
  );
}
