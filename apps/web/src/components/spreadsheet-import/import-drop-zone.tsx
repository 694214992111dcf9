// Where a spreadsheet import's file is chosen: dropped on the zone, or picked after a click, Enter or Space on it (a focusable button with a visible ring).
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { MAX_IMPORT_BYTES } from '@costory/shared';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatFileSize } from '@/lib/format';

/** What the file picker offers: the workbook, or one sheet as CSV (some systems name it .txt). */
export const IMPORT_ACCEPT = '.xlsx,.csv,.txt';

export interface ImportDropZoneProps {
  onFile: (file: File) => void;
}

export function ImportDropZone({ onFile }: ImportDropZoneProps) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const choose = () => input.current?.click();
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <>
      <Box
        role="button"
        tabIndex={0}
        aria-label={t('spreadsheetImport.dropZoneLabel')}
        onClick={choose}
        onKeyDown={onKeyDown}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={(theme) => ({
          display: 'grid',
          justifyItems: 'center',
          gap: 0.5,
          p: { xs: 2, sm: 4 },
          textAlign: 'center',
          cursor: 'pointer',
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? theme.alpha(theme.palette.primary.main, 0.08) : 'transparent',
          transition: theme.transitions.create(['border-color', 'background-color']),
          '&:hover': { borderColor: 'primary.main' },
          '&:focus-visible': {
            outline: `3px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
        })}
      >
        <UploadFileOutlinedIcon aria-hidden sx={{ fontSize: 40, color: 'primary.main' }} />
        <Typography sx={{ fontWeight: 600 }}>{t('spreadsheetImport.dropZoneText')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('spreadsheetImport.dropZoneHint', { max: formatFileSize(MAX_IMPORT_BYTES, locale) })}
        </Typography>
      </Box>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        data-testid="import-file-input"
        onChange={(event) => {
          take(event.target.files);
          // The same file chosen again (after "Choose another file") is a change too.
          event.target.value = '';
        }}
      />
    </>
  );
}
