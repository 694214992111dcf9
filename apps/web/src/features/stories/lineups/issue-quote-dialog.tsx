// "Issue quote": the validity date, VAT rate, payment terms and note of a new quote for the lineup; the server numbers it and the toast names the number.
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { QUOTE_DEFAULT_VAT_RATE, quoteCreateSchema, type QuoteCreate } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { isProblem } from '@/lib/problem-text';
import { useIssueQuote } from '../api/lineups';

const FIELDS = ['validUntil', 'vatRate', 'paymentTerms', 'note'] as const;

/** A date `days` from today in the browser's time zone, as YYYY-MM-DD. */
function localDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface IssueQuoteDialogProps {
  storyId: number;
  lineupId: number;
  onClose: () => void;
}

export function IssueQuoteDialog({ storyId, lineupId, onClose }: IssueQuoteDialogProps) {
  const { t } = useTranslation('lineups');
  const toast = useToast();
  const issue = useIssueQuote(storyId, lineupId);
  const form = useLocalizedForm(quoteCreateSchema, {
    defaultValues: {
      validUntil: localDate(30),
      vatRate: QUOTE_DEFAULT_VAT_RATE,
      paymentTerms: '',
      note: '',
    },
    fieldLabels: (locale) => {
      const fixed = i18n.getFixedT(locale, 'lineups');
      return Object.fromEntries(FIELDS.map((field) => [field, fixed(`quote.fieldName.${field}`)]));
    },
  });

  const submit = (values: QuoteCreate) =>
    issue.mutate(values, {
      onSuccess: (quote) => {
        toast.success(t('quote.issued', { number: quote.number }));
        onClose();
      },
      onError: (error) => {
        toast.error(t('quote.failed'));
        if (isProblem(error, 'VALIDATION_FAILED')) {
          applyServerFieldErrors(form.setError, error.errors, FIELDS);
        }
      },
    });

  return (
    <FormDialog
      open
      maxWidth="sm"
      fullWidth
      title={t('quote.dialogTitle')}
      submitLabel={t('quote.issue')}
      submitting={issue.isPending}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        <FormTextField
          control={form.control}
          name="validUntil"
          type="date"
          label={t('quote.field.validUntil')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={form.control}
          name="vatRate"
          label={t('quote.field.vatRate')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <FormTextField
        control={form.control}
        name="paymentTerms"
        label={t('quote.field.paymentTerms')}
        multiline
        minRows={2}
      />
      <FormTextField
        control={form.control}
        name="note"
        label={t('quote.field.note')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
