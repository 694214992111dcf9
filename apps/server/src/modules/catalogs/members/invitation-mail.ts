// The mail that invites someone to a catalog, in the inviter's language and the catalogue (ctl) look: the same whether or not they have an account.
import type { CatalogMemberRole, Locale } from '@costory/shared';
import { defangLinks } from '../../mail/defang';
import { MAIL_ACCENT, mailHtml } from '../../mail/mail-layout';
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
  const html = mailHtml({
    locale,
    title: subject,
    accent: MAIL_ACCENT.ctl,
    blocks: [
      { kind: 'text', text: t.greeting },
      { kind: 'text', text: intro },
      { kind: 'button', label: t.button, href: input.acceptLink },
      { kind: 'link', lead: t.open, href: input.acceptLink },
      { kind: 'small', text: t.ignore },
    ],
    signature: t.signature,
  });
  return { recipient: input.recipient, subject, text, html };
}
