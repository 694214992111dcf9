// The file a spreadsheet import works on: its name and size, and "Choose another file" to go back to the drop zone.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslation } from 'react-i18next';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatFileSize } from '@/lib/format';

export function ChosenFile({
  file,
  onChooseAnother,
  disabled,
}: {
  file: File;
  onChooseAnother: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <InsertDriveFileOutlinedIcon aria-hidden sx={{ color: 'text.secondary' }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('spreadsheetImport.chosenFile')}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {file.name}{' '}
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            ({formatFileSize(file.size, locale)})
          </Box>
        </Typography>
      </Box>
      <Button variant="outlined" onClick={onChooseAnother} disabled={disabled}>
        {t('spreadsheetImport.chooseAnother')}
      </Button>
    </Box>
  );
}
