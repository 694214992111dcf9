// Download buttons of a report (PDF and .xlsx) with the download's progress: preparing while the server renders (in percent for a large file), then the bytes received.
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import { useTranslation } from 'react-i18next';
import { PDF_MAX_ROWS, type ReportFormat } from '@costory/shared';
import { useToast } from '../feedback/toast';
import { formatNumber } from '@/lib/format';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { problemText } from '@/lib/problem-text';
import { downloadReport, type ReportPath } from './api';

interface Progress {
  format: ReportFormat;
  /**
   * The server's render of a large file in percent (0 until it reports any); null for a file
   * rendered in the request.
   */
  rendered: number | null;
  /** Null until the server starts sending the file (it renders it first). */
  received: number | null;
  total: number | null;
}

function ProgressLine({ progress }: { progress: Progress }) {
  const { t } = useTranslation('exports');
  const locale = useUiLocale();
  const format = t(`format.${progress.format}`);
  const percent =
    progress.received !== null && progress.total !== null
      ? Math.min(100, Math.round((progress.received / progress.total) * 100))
      : progress.received === null && progress.rendered !== 0
        ? progress.rendered
        : null;
  const text =
    progress.received === null
      ? progress.rendered === null
        ? t('preparing', { format })
        : progress.rendered === 0
          ? t('renderingStarted', { format })
          : t('rendering', { format, percent: progress.rendered })
      : percent === null
        ? t('downloadingBytes', {
            format,
            size: formatNumber(Math.round(progress.received / 1024), locale),
          })
        : t('downloading', { format, percent });
  return (
    <Box role="status" sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={text}
      />
    </Box>
  );
}

export interface ReportDownloadsProps {
  path: ReportPath;
  /** The report's table rows, once the preview has it: beyond PDF_MAX_ROWS only the .xlsx is offered. */
  rows?: number;
  /** Query parameters the report needs beside its format (a comparison's `from` and `to`). */
  query?: Readonly<Record<string, string>>;
}

export function ReportDownloads({ path, rows, query }: ReportDownloadsProps) {
  const { t } = useTranslation('exports');
  const locale = useUiLocale();
  const pdfTooLarge = rows !== undefined && rows > PDF_MAX_ROWS;
  const toast = useToast();
  const [progress, setProgress] = useState<Progress | null>(null);
  // Leaving the page stops following a large export's render; the server finishes it anyway.
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const download = async (format: ReportFormat) => {
    setProgress({ format, rendered: null, received: null, total: null });
    try {
      const name = await downloadReport(
        path,
        format,
        {
          onRendering: (rendered) => setProgress({ format, rendered, received: null, total: null }),
          onProgress: ({ received, total }) =>
            setProgress((current) => ({
              format,
              rendered: current?.rendered ?? null,
              received,
              total,
            })),
        },
        leaving.current.signal,
        query,
      );
      toast.success(t('downloaded', { name }));
    } catch (error) {
      if (!leaving.current.signal.aborted) toast.error(problemText(error, t('failed')));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          startIcon={<PictureAsPdfOutlinedIcon />}
          onClick={() => void download('pdf')}
          loading={progress?.format === 'pdf'}
          disabled={progress !== null || pdfTooLarge}
          aria-describedby={pdfTooLarge ? 'pdf-too-large' : undefined}
        >
          {t('downloadPdf')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<TableViewOutlinedIcon />}
          onClick={() => void download('xlsx')}
          loading={progress?.format === 'xlsx'}
          disabled={progress !== null}
        >
          {t('downloadXlsx')}
        </Button>
      </Stack>
      {pdfTooLarge ? (
        <Typography id="pdf-too-large" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('pdfTooLarge', {
            count: rows,
            rows: formatNumber(rows, locale),
            max: formatNumber(PDF_MAX_ROWS, locale),
          })}
        </Typography>
      ) : null}
      {progress ? <ProgressLine progress={progress} /> : null}
    </Box>
  );
}
