// The mail that invites someone to a catalog, in the inviter's language and the catalogue (ctl) look: the same whether or not they have an account.
import type { CatalogMemberRole, Locale } from '@costory/shared';
import { escapeHtml } from '../../../lib/html';
import { defangLinks } from '../../mail/defang';
import type { MailContent } from '../../mail/mail.service';
import { ROLE_NAMES } from '../common/messages';

export interface InvitationMailInput {
  recipient: string;
  inviterName: string;
  catalogName: string;
  role: CatalogMemberRole;
  /** The page that signs the invitee in (or has them register) and accepts. */
  acceptLink: string;
}

const TEXTS = {
  en: {
    subject: (catalog: string) => `You have been invited to the catalog ${catalog} in Costory`,
    greeting: 'Hello,',
    intro: (inviter: string, catalog: string, role: string) =>
      `${inviter} has invited you to the catalog ${catalog} in Costory as ${role}.`,
    open: 'Accept the invitation here (sign in, or register first if you have no account yet):',
    button: 'Accept the invitation',
    ignore: 'If you do not know why you received this e-mail, you can ignore it.',
    signature: 'The Costory team',
  },
  cs: {
    subject: (catalog: string) => `Pozvánka do katalogu ${catalog} v Costory`,
    greeting: 'Dobrý den,',
    intro: (inviter: string, catalog: string, role: string) =>
      `${inviter} vás pozval(a) do katalogu ${catalog} v Costory s rolí ${role}.`,
    open: 'Pozvánku přijmete zde (přihlaste se, nebo se nejprve zaregistrujte, pokud účet ještě nemáte):',
    button: 'Přijmout pozvánku',
    ignore: 'Pokud nevíte, proč vám tento e-mail přišel, můžete jej ignorovat.',
    signature: 'Tým Costory',
  },
} as const;

export function invitationMail(locale: Locale, input: InvitationMailInput): MailContent {
  const t = TEXTS[locale];
  // Names users chose never become links.
  const catalogName = defangLinks(input.catalogName);
  const subject = t.subject(catalogName);
  const intro = t.intro(
    defangLinks(input.inviterName),
    catalogName,
    ROLE_NAMES[input.role][locale],
  );
  const text = [
    t.greeting,
    '',
    intro,
    '',
    t.open,
    input.acceptLink,
    '',
    t.ignore,
    '',
    t.signature,
    '',
  ].join('\n');
  const p = 'margin:0 0 16px;line-height:1.55';
  const href = escapeHtml(input.acceptLink);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#4a45c4;color:#ffffff;font-weight:bold;font-size:20px;padding:14px 24px;border-radius:8px 8px 0 0">Costory</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
<p style="${p}">${escapeHtml(t.greeting)}</p>
<p style="${p}">${escapeHtml(intro)}</p>
<p style="${p}"><a href="${href}" style="display:inline-block;background:#4a45c4;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(t.button)}</a></p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.open)}<br><a href="${href}" style="color:#4a45c4;word-break:break-all">${href}</a></p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.ignore)}</p>
<p style="margin:0">${escapeHtml(t.signature)}</p>
</div></div></body></html>
`;
  return { recipient: input.recipient, subject, text, html };
}
