// The notice after a save refused as stale (409): the input is kept, and the latest version can be loaded on request.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export interface ConflictAlertProps {
  message: string;
  onReload: () => void;
  reloading?: boolean;
}

export function ConflictAlert({ message, onReload, reloading = false }: ConflictAlertProps) {
  const { t } = useTranslation('catalogs');
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          loading={reloading}
          onClick={onReload}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('conflict.loadLatest')}
        </Button>
      }
    >
      <AlertTitle>{t('conflict.title')}</AlertTitle>
      {message}
    </Alert>
  );
}
