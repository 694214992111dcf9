// Small helpers for the few server-rendered pages (dev mailbox, sign-out pages): escaping and links.

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escapes plain text and turns every http(s) URL in it into a link. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index;
    html += escapeHtml(text.slice(last, index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}
