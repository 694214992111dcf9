// The totals strip above every summary: main total, estimated time, optional instances apart and the formula errors line.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { unpricedInstanceCount, type StoryCalculationDto } from '@costory/shared';
import { formatNumber } from '@/lib/format';
import { CopyValue } from './copy-value';
import type { SummaryFormat } from './use-summary-format';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontSize: '1.35rem', fontWeight: 600, mt: 0.5 }}>
        {children}
      </Typography>
    </Paper>
  );
}

export interface SummaryTotalsProps {
  calculation: StoryCalculationDto;
  format: SummaryFormat;
  /** Opens the errors' details (shown when there are errors). */
  onShowErrors: () => void;
}

export function SummaryTotals({ calculation, format, onShowErrors }: SummaryTotalsProps) {
  const { t } = useTranslation('summaries');
  const { total, optional, errors } = calculation;
  const errorCount = formatNumber(errors.length, format.locale);
  return (
    <Box component="section" aria-label={t('totals.label')} sx={{ mb: 3 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {total.price === null ? null : (
          <Figure
            label={format.incompleteTotal(
              format.scored ? t('totals.score') : t('totals.price'),
              unpricedInstanceCount(calculation),
            )}
          >
            <CopyValue display={format.price(total.price)} plain={format.plainMoney(total.price)} />
          </Figure>
        )}
        <Figure label={t('totals.time')}>
          <CopyValue display={format.mandays(total.mandays)} plain={format.plain(total.mandays)} />
        </Figure>
        <Figure label={t('totals.optional')}>
          {optional.price === null ? (
            <CopyValue
              display={format.mandays(optional.mandays)}
              plain={format.plain(optional.mandays)}
            />
          ) : (
            <>
              <CopyValue
                display={format.price(optional.price)}
                plain={format.plainMoney(optional.price)}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {format.mandays(optional.mandays)}
              </Typography>
            </>
          )}
        </Figure>
      </Box>
      {errors.length > 0 ? (
        <Button
          color="error"
          startIcon={<ErrorOutlineIcon />}
          onClick={onShowErrors}
          aria-haspopup="dialog"
          sx={{ mt: 1.5 }}
        >
          {t('totals.errors', { value: errorCount })}
        </Button>
      ) : (
        <Typography
          variant="body2"
          sx={{ color: errors.length > 0 ? 'error.main' : 'text.secondary', mt: 1.5 }}
        >
          {t('totals.errors', { value: errorCount })}
        </Typography>
      )}
    </Box>
  );
}
