// English texts of the export pages: the preview, the download buttons and the download's progress.
export default {
  downloadPdf: 'Download PDF',
  downloadXlsx: 'Download spreadsheet (.xlsx)',
  format: { pdf: 'PDF', xlsx: 'spreadsheet' },
  preparing: 'Preparing the {{format}}…',
  renderingStarted: 'Preparing the {{format}} on the server…',
  rendering: 'Preparing the {{format}} on the server: {{percent}} %',
  downloading: 'Downloading the {{format}}: {{percent}} %',
  downloadingBytes: 'Downloading the {{format}}: {{size}} kB',
  pdfTooLarge_one:
    'This report has {{rows}} row, too many for a PDF (at most {{max}}): download the spreadsheet.',
  pdfTooLarge_other:
    'This report has {{rows}} rows, too many for a PDF (at most {{max}}): download the spreadsheet.',
  downloaded: 'Downloaded {{name}}',
  failed: 'The export could not be created. Try again.',
  loading: 'Preparing the preview',
  loadFailed: 'The export could not be prepared',
  loadFailedText: 'Check your connection and try again.',
  retry: 'Try again',
  previewLabel: 'Preview of {{title}}',
  date: 'date {{date}}',
  moreRows_one: '… and {{count}} more row in the file',
  moreRows_other: '… and {{count}} more rows in the file',
  backToSummary: 'Back to the summary',
  backToOverview: 'Back to the overview',
  backToLineups: 'Back to the lineups',
};
