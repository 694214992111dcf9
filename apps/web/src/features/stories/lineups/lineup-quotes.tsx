// A lineup's quotes (decision 0032): "Issue quote" for admins and modelers, and each issued quote with its number, dates, VAT and totals, downloaded as PDF or .xlsx with the export progress.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@costory/shared';
import { SectionHeader } from '@/components/section-header';
import { pinnedCell } from '@/components/phone-table';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { reportPaths } from '@/components/exports/api';
import { ReportDownloads } from '@/components/exports/report-downloads';
import { getLineupQuotesQueryOptions } from '../api/lineups';
import { IssueQuoteDialog } from './issue-quote-dialog';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function QuoteRow({ storyId, quote }: { storyId: number; quote: Quote }) {
  const locale = useUiLocale();
  const date = (iso: string) => formatDate(`${iso}T00:00:00`, locale);
  const money = (value: string) =>
    formatMoney(value as Intl.StringNumericLiteral, quote.currency, locale);
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{quote.number}</TableCell>
      <TableCell sx={numeric}>{date(quote.issueDate)}</TableCell>
      <TableCell sx={numeric}>{date(quote.validUntil)}</TableCell>
      <TableCell align="right" sx={numeric}>
        {`${formatNumber(quote.vatRate as Intl.StringNumericLiteral, locale)} %`}
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {money(quote.totalWithoutVat)}
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {money(quote.vatAmount)}
      </TableCell>
      <TableCell
        align="right"
        data-testid="quote-total"
        sx={[{ ...numeric, fontWeight: 700 }, pinnedCell]}
      >
        {money(quote.totalWithVat)}
      </TableCell>
      <TableCell>
        <ReportDownloads path={reportPaths.quote(storyId, quote.lineupId, quote.id)} />
      </TableCell>
    </TableRow>
  );
}

export interface LineupQuotesProps {
  storyId: number;
  lineupId: number;
  canIssue: boolean;
}

export function LineupQuotes({ storyId, lineupId, canIssue }: LineupQuotesProps) {
  const { t } = useTranslation('lineups');
  const [issuing, setIssuing] = useState(false);
  const quotes = useQuery(getLineupQuotesQueryOptions(storyId, lineupId));
  const list = quotes.data ?? [];
  return (
    <>
      <SectionHeader
        title={t('quote.title')}
        text={t(canIssue ? 'quote.intro' : 'quote.introReader')}
        action={
          canIssue ? (
            <Button
              variant="contained"
              startIcon={<RequestQuoteOutlinedIcon />}
              onClick={() => setIssuing(true)}
            >
              {t('quote.issue')}
            </Button>
          ) : undefined
        }
      />
      {quotes.isError ? (
        <Typography sx={{ color: 'error.main' }}>{t('quote.loadFailed')}</Typography>
      ) : list.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {quotes.data ? t('quote.empty') : ''}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('quote.listLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('quote.column.number')}</TableCell>
                <TableCell>{t('quote.column.issueDate')}</TableCell>
                <TableCell>{t('quote.column.validUntil')}</TableCell>
                <TableCell align="right">{t('quote.column.vatRate')}</TableCell>
                <TableCell align="right">{t('quote.column.totalWithoutVat')}</TableCell>
                <TableCell align="right">{t('quote.column.vat')}</TableCell>
                <TableCell align="right" sx={pinnedCell}>
                  {t('quote.column.totalWithVat')}
                </TableCell>
                <TableCell>{t('quote.column.download')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((quote) => (
                <QuoteRow key={quote.id} storyId={storyId} quote={quote} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {issuing ? (
        <IssueQuoteDialog storyId={storyId} lineupId={lineupId} onClose={() => setIssuing(false)} />
      ) : null}
    </>
  );
}
