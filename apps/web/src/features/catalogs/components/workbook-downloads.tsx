// The catalog workbook's downloads: the whole .xlsx (the overview's link for readers, and the import page) and one sheet as CSV (the import page).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import { useTranslation } from 'react-i18next';
import { WORKBOOK_SHEETS, type WorkbookSheet } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { problemText } from '@/lib/problem-text';
import { downloadWorkbook, type WorkbookDownload } from '../api/workbook';

/** Downloads through the API client (token, language) and says how it went in a toast. */
function useWorkbookDownload(catalogId: number) {
  const { t } = useTranslation('catalogs');
  const toast = useToast();
  const [pending, setPending] = useState<WorkbookDownload['format'] | null>(null);
  const download = async (which: WorkbookDownload) => {
    setPending(which.format);
    try {
      const name = await downloadWorkbook(catalogId, which);
      toast.success(t('workbook.downloaded', { name }));
    } catch (error) {
      toast.error(problemText(error, t('workbook.downloadFailed')));
    } finally {
      setPending(null);
    }
  };
  return { pending, download };
}

/** One button: the whole workbook as .xlsx. */
export function WorkbookDownloadButton({ catalogId, label }: { catalogId: number; label: string }) {
  const { pending, download } = useWorkbookDownload(catalogId);
  return (
    <Button
      variant="outlined"
      startIcon={<TableViewOutlinedIcon />}
      loading={pending === 'xlsx'}
      onClick={() => void download({ format: 'xlsx' })}
    >
      {label}
    </Button>
  );
}

/** The workbook as .xlsx, or the sheet picked as CSV. */
export function WorkbookDownloads({ catalogId }: { catalogId: number }) {
  const { t } = useTranslation('catalogs');
  const { pending, download } = useWorkbookDownload(catalogId);
  const [sheet, setSheet] = useState<WorkbookSheet>('Items');
  return (
    <Stack spacing={2}>
      <Box>
        <Button
          variant="contained"
          startIcon={<TableViewOutlinedIcon />}
          loading={pending === 'xlsx'}
          disabled={pending !== null}
          onClick={() => void download({ format: 'xlsx' })}
        >
          {t('workbook.downloadXlsx')}
        </Button>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          select
          size="small"
          label={t('workbook.sheet')}
          value={sheet}
          onChange={(event) => setSheet(event.target.value as WorkbookSheet)}
          sx={{ minWidth: 180 }}
        >
          {WORKBOOK_SHEETS.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          loading={pending === 'csv'}
          disabled={pending !== null}
          onClick={() => void download({ format: 'csv', sheet })}
        >
          {t('workbook.downloadCsv')}
        </Button>
      </Stack>
    </Stack>
  );
}
