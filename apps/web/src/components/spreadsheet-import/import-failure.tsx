// A failed spreadsheet import run: whether the check or the import failed, why, and "Try again" with the same file.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export function ImportFailure({
  apply,
  message,
  onRetry,
  applyFailedText,
}: {
  apply: boolean;
  message: string;
  onRetry: () => void;
  /** The title of a failed import; "The changes could not be imported." when not given. */
  applyFailedText?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('spreadsheetImport.retry')}
        </Button>
      }
    >
      <AlertTitle>
        {apply
          ? (applyFailedText ?? t('spreadsheetImport.applyFailed'))
          : t('spreadsheetImport.checkFailed')}
      </AlertTitle>
      {message}
    </Alert>
  );
}
