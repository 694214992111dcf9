// A spreadsheet import's progress bar: the upload's percentage while the file leaves, then "Checking…" or "Importing…" while the server reads it.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '@/lib/upload-with-progress';

export function UploadProgressLine({
  fileName,
  apply,
  progress,
  applyingText,
}: {
  fileName: string;
  apply: boolean;
  progress: UploadProgress | null;
  /** What the server does with an applied file; "Importing the changes…" when not given. */
  applyingText?: string;
}) {
  const { t } = useTranslation();
  const sending = progress === null || (progress.total !== null && progress.sent < progress.total);
  const percent = progress?.total
    ? Math.min(100, Math.round((progress.sent / progress.total) * 100))
    : 0;
  const text = sending
    ? t('spreadsheetImport.uploading', { name: fileName, percent })
    : apply
      ? (applyingText ?? t('spreadsheetImport.applying'))
      : t('spreadsheetImport.checking');
  return (
    <Box role="status">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress
        variant={sending ? 'determinate' : 'indeterminate'}
        value={sending ? percent : undefined}
        aria-label={text}
      />
    </Box>
  );
}
