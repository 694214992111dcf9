// Prints a report to PDF bytes with pdfmake on the calling thread; only the export worker calls it, request code goes through ExportRenderer.
import { createRequire } from 'node:module';
import type { Report } from '@costory/shared';
import pdfmake from 'pdfmake';
import { buildPdfDocument, PDF_FONT } from './pdf-document';

// The .ttf files that ship inside the pdfmake package, resolved from wherever this module runs
// (src under tsx, or dist/pdf-worker.js with pdfmake left in node_modules).
const resolveFrom = createRequire(import.meta.url);
const fontFiles = {
  normal: resolveFrom.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'),
  bold: resolveFrom.resolve('pdfmake/fonts/Roboto/Roboto-Medium.ttf'),
  italics: resolveFrom.resolve('pdfmake/fonts/Roboto/Roboto-Italic.ttf'),
  bolditalics: resolveFrom.resolve('pdfmake/fonts/Roboto/Roboto-MediumItalic.ttf'),
};
const allowedFiles = new Set(Object.values(fontFiles));

pdfmake.setFonts({ [PDF_FONT]: fontFiles });
// Reports carry no images or links to fetch: pdfmake may read its own fonts and nothing else
// (setting both policies also silences its warning about their absence).
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => allowedFiles.has(path));

/**
 * Renders the whole PDF in memory; blocks this thread for the layout (seconds for large tables).
 * `onProgress` hears the share of the page items drawn (the layout before it reports nothing).
 */
export async function renderPdfOnThisThread(
  report: Report,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<Buffer> {
  // pdfmake reads its progress callback when the document is created; one render at a time
  // runs on this thread, so setting it per render is safe.
  pdfmake.setProgressCallback(onProgress);
  try {
    return await pdfmake.createPdf(buildPdfDocument(report)).getBuffer();
  } catch (error) {
    // A logo the renderer cannot read (stored before uploads were checked this closely, or damaged
    // in a way the check cannot see) costs the quote its logo, not the customer their quote.
    if (!report.logo || !isUnreadableImage(error)) throw error;
    return pdfmake.createPdf(buildPdfDocument({ ...report, logo: null })).getBuffer();
  }
}

function isUnreadableImage(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Invalid image');
}
