// The words a renderer adds around a report's own texts (page numbers, sheet names), in the report's language.

export const RENDER_WORDS = {
  en: {
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    summarySheet: 'Summary',
    tableSheet: (index: number) => `Table ${index}`,
    levelColumn: 'Level',
  },
  cs: {
    page: (page: number, pages: number) => `Strana ${page} z ${pages}`,
    summarySheet: 'Souhrn',
    tableSheet: (index: number) => `Tabulka ${index}`,
    levelColumn: 'Úroveň',
  },
} as const;
