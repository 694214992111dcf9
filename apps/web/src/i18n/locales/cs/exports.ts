// Czech texts of the export pages: the preview, the download buttons and the download's progress.
import type { Resource } from '@/i18n/resource-types';

export default {
  downloadPdf: 'Stáhnout PDF',
  downloadXlsx: 'Stáhnout tabulku (.xlsx)',
  format: { pdf: 'PDF', xlsx: 'tabulka' },
  preparing: 'Připravuje se {{format}}…',
  renderingStarted: 'Na serveru se připravuje {{format}}…',
  rendering: 'Na serveru se připravuje {{format}}: {{percent}} %',
  downloading: 'Stahuje se {{format}}: {{percent}} %',
  downloadingBytes: 'Stahuje se {{format}}: {{size}} kB',
  pdfTooLarge_one:
    'Export má {{rows}} řádek, na PDF příliš mnoho (nejvýše {{max}}): stáhněte si tabulku.',
  pdfTooLarge_few:
    'Export má {{rows}} řádky, na PDF příliš mnoho (nejvýše {{max}}): stáhněte si tabulku.',
  pdfTooLarge_many:
    'Export má {{rows}} řádku, na PDF příliš mnoho (nejvýše {{max}}): stáhněte si tabulku.',
  pdfTooLarge_other:
    'Export má {{rows}} řádků, na PDF příliš mnoho (nejvýše {{max}}): stáhněte si tabulku.',
  downloaded: 'Staženo: {{name}}',
  failed: 'Export se nepodařilo vytvořit. Zkuste to znovu.',
  loading: 'Připravuje se náhled',
  loadFailed: 'Export se nepodařilo připravit',
  loadFailedText: 'Zkontrolujte připojení a zkuste to znovu.',
  retry: 'Zkusit znovu',
  previewLabel: 'Náhled: {{title}}',
  date: 'datum {{date}}',
  moreRows_one: '… a {{count}} další řádek v souboru',
  moreRows_few: '… a {{count}} další řádky v souboru',
  moreRows_many: '… a {{count}} dalších řádků v souboru',
  moreRows_other: '… a {{count}} dalších řádků v souboru',
  backToSummary: 'Zpět na souhrn',
  backToOverview: 'Zpět na přehled',
  backToLineups: 'Zpět na cenové varianty',
} satisfies Resource;
