// A figure that copies its plain value to the clipboard when clicked, confirmed by the spec's "Value copied to clipboard" in the 5000 ms snackbar.
import { useCallback } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import { useSnackbarNotice } from '@/components/feedback/snackbar-notice';
import { useToast } from '@/components/feedback/toast';

/** Copies `text`, then tells the user whether it worked (the clipboard may be refused). */
export function useCopyValue(): (text: string) => void {
  const toast = useToast();
  const notice = useSnackbarNotice();
  const { t } = useTranslation('errors');
  const { t: tSummaries } = useTranslation('summaries');
  return useCallback(
    (text: string) => {
      const failed = () => toast.error(tSummaries('copyFailed'));
      // Outside a secure context (plain http) browsers offer no clipboard at all.
      if (!('clipboard' in navigator)) return failed();
      navigator.clipboard.writeText(text).then(() => notice.show(t('success.valueCopied')), failed);
    },
    [toast, notice, t, tSummaries],
  );
}

export interface CopyValueProps {
  /** The figure as shown: "1 250,50 €". */
  display: string;
  /** What is copied: "1250,50". */
  plain: string;
  strong?: boolean;
}

/**
 * A light button rather than an icon button with a tooltip per cell: long instance tables have
 * hundreds of figures, and the whole figure is a larger target to click.
 */
export function CopyValue({ display, plain, strong = false }: CopyValueProps) {
  const { t } = useTranslation('summaries');
  const copy = useCopyValue();
  return (
    <ButtonBase
      onClick={() => copy(plain)}
      aria-label={t('copy', { value: display })}
      title={t('copy', { value: display })}
      sx={{
        font: 'inherit',
        fontWeight: strong ? 600 : 'inherit',
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        gap: 0.5,
        px: 0.5,
        mx: -0.5,
        borderRadius: 1,
        '& .copy-icon': { opacity: 0, transition: 'opacity 120ms' },
        '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
        '&:hover .copy-icon, &.Mui-focusVisible .copy-icon': { opacity: 0.7 },
      }}
    >
      {display}
      <ContentCopyIcon className="copy-icon" aria-hidden sx={{ fontSize: 14 }} />
    </ButtonBase>
  );
}
