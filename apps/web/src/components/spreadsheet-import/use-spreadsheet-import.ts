// The flow of a spreadsheet import: a chosen file is refused at once when too large, else sent as a dry run with upload progress; its report stays in sight while the import runs and after it fails; another file starts over.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_IMPORT_BYTES, type ImportReport } from '@costory/shared';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatFileSize } from '@/lib/format';
import type { UploadProgress } from '@/lib/upload-with-progress';

export interface ImportRun {
  file: File;
  /** False: the dry run (nothing is written); true: the import itself. */
  apply: boolean;
}

export type TooLargeValues = { name: string; size: string; max: string };

export interface SpreadsheetImportOptions<R extends ImportReport> {
  /** Sends the file as it is and resolves with the server's report. */
  send: (file: File, apply: boolean, onProgress: (progress: UploadProgress) => void) => Promise<R>;
  /** After each answer (a dry run's or an import's); `report.applied` tells an import that wrote. */
  onReport?: (report: R, run: ImportRun) => void;
  /** The refusal of a file over MAX_IMPORT_BYTES; the shared text when not given. */
  tooLargeText?: (values: TooLargeValues) => string;
}

export function useSpreadsheetImport<R extends ImportReport>({
  send,
  onReport,
  tooLargeText,
}: SpreadsheetImportOptions<R>) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // The last report stays in sight while the import runs, and after it fails.
  const [report, setReport] = useState<R | null>(null);

  const run = useMutation({
    mutationFn: ({ file: chosen, apply }: ImportRun) => {
      setProgress(null);
      return send(chosen, apply, setProgress);
    },
    // The upload shows its own progress: no overlay on top of it.
    meta: { globalLoading: false },
    onSuccess: (answer, variables) => {
      setReport(answer);
      onReport?.(answer, variables);
    },
  });

  /** Takes a dropped or picked file: refuses it when too large, else starts its dry run. */
  const choose = (next: File) => {
    run.reset();
    setReport(null);
    if (next.size > MAX_IMPORT_BYTES) {
      const values = {
        name: next.name,
        size: formatFileSize(next.size, locale),
        max: formatFileSize(MAX_IMPORT_BYTES, locale),
      };
      setFile(null);
      setRefusal(tooLargeText ? tooLargeText(values) : t('spreadsheetImport.tooLarge', values));
      return;
    }
    setRefusal(null);
    setFile(next);
    run.mutate({ file: next, apply: false });
  };

  /** Back to the drop zone. */
  const chooseAnother = () => {
    run.reset();
    setReport(null);
    setRefusal(null);
    setFile(null);
  };

  /** Imports the checked file (after the page's confirmation). */
  const apply = (chosen: File) => run.mutate({ file: chosen, apply: true });

  /** The failed run once more, with the same file. */
  const retry = () => {
    if (run.variables) run.mutate(run.variables);
  };

  return {
    file,
    refusal,
    progress,
    report,
    run,
    choose,
    chooseAnother,
    apply,
    retry,
    /** The import (not the dry run) is on its way. */
    applying: run.isPending && run.variables.apply,
  };
}
