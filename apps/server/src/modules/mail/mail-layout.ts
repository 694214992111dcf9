// The one look of Costory's mails as HTML: a coloured header, paragraphs, a button, a code and small print; every value is escaped here.
import type { Locale } from '@costory/shared';
import { escapeHtml } from '../../lib/html';

/** Stories and accounts mail in the stories' green; catalogs in their purple-blue (the app's themes). */
export const MAIL_ACCENT = { ict: '#17784a', ctl: '#4a45c4' } as const;

export type MailBlock =
  /** A paragraph of plain text. */
  | { kind: 'text'; text: string }
  /** The mail's one action, as a button. */
  | { kind: 'button'; label: string; href: string }
  /** The same action written out, for clients that show no buttons: a lead line and the address. */
  | { kind: 'link'; lead: string; href: string }
  /** A code to type, large and spaced. */
  | { kind: 'code'; code: string }
  /** Small print (validity, "ignore this e-mail"). */
  | { kind: 'small'; text: string };

export interface MailLayout {
  locale: Locale;
  title: string;
  accent: string;
  blocks: readonly MailBlock[];
  signature: string;
}

const PARAGRAPH = 'margin:0 0 16px;line-height:1.55';
const SMALL = `${PARAGRAPH};font-size:13px;color:#5a6572`;

function blockHtml(block: MailBlock, accent: string): string {
  switch (block.kind) {
    case 'text':
      return `<p style="${PARAGRAPH}">${escapeHtml(block.text)}</p>`;
    case 'button':
      return `<p style="${PARAGRAPH}"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(block.label)}</a></p>`;
    case 'link': {
      const href = escapeHtml(block.href);
      return `<p style="${SMALL}">${escapeHtml(block.lead)}<br><a href="${href}" style="color:${accent};word-break:break-all">${href}</a></p>`;
    }
    case 'code':
      return `<p style="${PARAGRAPH};font-size:28px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(block.code)}</p>`;
    case 'small':
      return `<p style="${SMALL}">${escapeHtml(block.text)}</p>`;
  }
}

export function mailHtml({ locale, title, accent, blocks, signature }: MailLayout): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:${accent};color:#ffffff;font-weight:bold;font-size:20px;padding:14px 24px;border-radius:8px 8px 0 0">Costory</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
${blocks.map((block) => blockHtml(block, accent)).join('\n')}
<p style="margin:0">${escapeHtml(signature)}</p>
</div></div></body></html>
`;
}
