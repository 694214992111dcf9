// The dev mailbox page: every mail of the outbox with subject, recipient, time, status, text and clickable links.
import type { OutboxMailRow } from '../../db/schema';
import { escapeHtml, linkify } from '../../lib/html';
import { renderPage } from '../../lib/page';

const STATUS_TEXT: Record<OutboxMailRow['status'], string> = {
  kept: 'kept (no SMTP server configured)',
  pending: 'waiting for delivery',
  sent: 'delivered to the SMTP server',
  failed: 'delivery failed',
};

function mailCard(mail: OutboxMailRow): string {
  const error =
    mail.lastError === null
      ? ''
      : `<dt>Last error</dt><dd class="error">${escapeHtml(mail.lastError)}</dd>`;
  return `<article class="card" id="mail-${mail.id}" style="margin-bottom:16px">
<h2>${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.recipient)}</dd>
<dt>Time</dt><dd><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></dd>
<dt>Status</dt><dd>${escapeHtml(STATUS_TEXT[mail.status])}</dd>
${error}
</dl>
<pre>${linkify(mail.text)}</pre>
</article>`;
}

export function mailboxPage(mails: readonly OutboxMailRow[], limit: number): string {
  const list =
    mails.length === 0
      ? `<div class="card"><p>No mails yet.</p><p class="muted">Register a company at <a href="/registration">/registration</a>; its confirmation mail will appear here.</p></div>`
      : mails.map(mailCard).join('\n');
  return renderPage({
    lang: 'en',
    title: 'Dev mailbox',
    width: 820,
    body: `<h1>Dev mailbox</h1>
<p class="muted">Mails the server has sent or kept, newest first (at most ${limit}). This page exists only outside production. <a href="/dev/mailbox">Refresh</a></p>
${list}`,
  });
}
