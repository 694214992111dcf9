// What the shell shows while a page's code loads on the first visit: a quiet progress bar, announced to screen readers.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ pt: 3 }}>
      <LinearProgress aria-label={t('loading')} />
    </Box>
  );
}
