// The mail that tells someone they were added to a catalog (or invited to it), in the inviter's language, in the catalogue (ctl) look.
import type { CatalogMemberRole, Locale } from '@costory/shared';
import { escapeHtml } from '../../../lib/html';
import type { MailContent } from '../../mail/mail.service';
import { ROLE_NAMES } from '../common/messages';

export interface InvitationMailInput {
  recipient: string;
  inviterName: string;
  catalogName: string;
  role: CatalogMemberRole;
  catalogLink: string;
  /** Given when the address has no account yet. */
  registrationLink: string | undefined;
}

const TEXTS = {
  en: {
    subject: (catalog: string) => `You have been invited to the catalog ${catalog} in Costory`,
    greeting: 'Hello,',
    intro: (inviter: string, catalog: string, role: string) =>
      `${inviter} has invited you to the catalog ${catalog} in Costory as ${role}.`,
    open: 'Open the catalog:',
    button: 'Open the catalog',
    register: 'You do not have a Costory account yet. Register with this e-mail address first:',
    ignore: 'If you do not know why you received this e-mail, you can ignore it.',
    signature: 'The Costory team',
  },
  cs: {
    subject: (catalog: string) => `Pozvánka do katalogu ${catalog} v Costory`,
    greeting: 'Dobrý den,',
    intro: (inviter: string, catalog: string, role: string) =>
      `${inviter} vás pozval(a) do katalogu ${catalog} v Costory s rolí ${role}.`,
    open: 'Katalog otevřete zde:',
    button: 'Otevřít katalog',
    register: 'V Costory zatím nemáte účet. Nejprve se zaregistrujte s touto e-mailovou adresou:',
    ignore: 'Pokud nevíte, proč vám tento e-mail přišel, můžete jej ignorovat.',
    signature: 'Tým Costory',
  },
} as const;

export function invitationMail(locale: Locale, input: InvitationMailInput): MailContent {
  const t = TEXTS[locale];
  const intro = t.intro(input.inviterName, input.catalogName, ROLE_NAMES[input.role][locale]);
  const registration =
    input.registrationLink === undefined ? [] : [t.register, input.registrationLink, ''];
  const text = [
    t.greeting,
    '',
    intro,
    '',
    ...registration,
    t.open,
    input.catalogLink,
    '',
    t.ignore,
    '',
    t.signature,
    '',
  ].join('\n');
  const p = 'margin:0 0 16px;line-height:1.55';
  const link = (href: string) =>
    `<a href="${escapeHtml(href)}" style="color:#17784a;word-break:break-all">${escapeHtml(href)}</a>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject(input.catalogName))}</title></head>
<body style="margin:0;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#4a45c4;color:#ffffff;font-weight:bold;font-size:20px;padding:14px 24px;border-radius:8px 8px 0 0">Costory</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
<p style="${p}">${escapeHtml(t.greeting)}</p>
<p style="${p}">${escapeHtml(intro)}</p>
${input.registrationLink === undefined ? '' : `<p style="${p}">${escapeHtml(t.register)}<br>${link(input.registrationLink)}</p>`}
<p style="${p}"><a href="${escapeHtml(input.catalogLink)}" style="display:inline-block;background:#4a45c4;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(t.button)}</a></p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.open)}<br>${link(input.catalogLink)}</p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.ignore)}</p>
<p style="margin:0">${escapeHtml(t.signature)}</p>
</div></div></body></html>
`;
  return { recipient: input.recipient, subject: t.subject(input.catalogName), text, html };
}
