// The heading of a spreadsheet import's report: "Check of <file>", or "Imported from <file>" with an Imported chip once applied.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function ReportHeading({
  fileName,
  applied,
  level = 'h3',
}: {
  fileName: string;
  applied: boolean;
  level?: 'h3' | 'h4';
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant={level} sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {applied
          ? t('spreadsheetImport.appliedTitle', { name: fileName })
          : t('spreadsheetImport.reportTitle', { name: fileName })}
      </Typography>
      {applied ? (
        <Chip size="small" color="success" label={t('spreadsheetImport.appliedChip')} />
      ) : null}
    </Box>
  );
}
