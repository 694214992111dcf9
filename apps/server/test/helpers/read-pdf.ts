// A PDF read back with Debian's poppler-utils: its text page by page (pdftotext -layout) and its page count (pdfinfo).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ReadPdf {
  pages: string[];
  pageCount: number;
  /** Every page with runs of white space (Intl's non-breaking and narrow spaces too) as one space. */
  flat: string;
}

/** Intl writes non-breaking and narrow spaces in numbers; pdftotext keeps them or not. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ');
}

export async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  const dir = await mkdtemp(join(tmpdir(), 'costory-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const { stdout: info } = await run('pdfinfo', [file]);
    const pageCount = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
    // pdftotext ends every page with a form feed, the last one included.
    const pages = text.split('\f').slice(0, -1);
    return { pages, pageCount, flat: normalise(pages.join(' ')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
