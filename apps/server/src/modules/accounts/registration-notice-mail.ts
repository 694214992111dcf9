// The mail to the owner of an address someone tried to register again: no account is made, the owner is pointed to sign-in. It carries no text the registrant chose.
import type { Locale } from '@costory/shared';
import { MAIL_ACCENT, mailHtml } from '../mail/mail-layout';
import type { MailContent } from '../mail/mail.service';

export interface RegistrationNoticeMailInput {
  recipient: string;
  /** The sign-in page (`{PUBLIC_ORIGIN}/login`). */
  signInLink: string;
}

const TEXTS = {
  en: {
    subject: 'Your e-mail address is already registered in Costory',
    greeting: 'Hello,',
    intro:
      'someone has just tried to register in Costory with this e-mail address. It already belongs to your account, so no new account was created.',
    signIn: 'If it was you, simply sign in with your e-mail address and password:',
    button: 'Sign in',
    forgotten:
      'If you no longer know your password, ask the administrator of your Costory installation to set a new one.',
    ignore: 'If it was not you, you can ignore this e-mail: nobody gained access to your account.',
    signature: 'The Costory team',
  },
  cs: {
    subject: 'Vaše e-mailová adresa už je v Costory registrována',
    greeting: 'Dobrý den,',
    intro:
      'někdo se právě pokusil zaregistrovat v Costory s touto e-mailovou adresou. Adresa už patří vašemu účtu, proto žádný nový účet nevznikl.',
    signIn: 'Pokud jste to byli vy, stačí se přihlásit svou e-mailovou adresou a heslem:',
    button: 'Přihlásit se',
    forgotten:
      'Pokud si heslo už nepamatujete, požádejte správce své instalace Costory o nastavení nového.',
    ignore:
      'Pokud jste to nebyli vy, tento e-mail ignorujte: k vašemu účtu nikdo přístup nezískal.',
    signature: 'Tým Costory',
  },
} as const;

export function registrationNoticeMail(
  locale: Locale,
  input: RegistrationNoticeMailInput,
): MailContent {
  const t = TEXTS[locale];
  const text = [
    t.greeting,
    '',
    t.intro,
    '',
    t.signIn,
    input.signInLink,
    '',
    t.forgotten,
    t.ignore,
    '',
    t.signature,
    '',
  ].join('\n');
  const html = mailHtml({
    locale,
    title: t.subject,
    accent: MAIL_ACCENT.ict,
    blocks: [
      { kind: 'text', text: t.greeting },
      { kind: 'text', text: t.intro },
      { kind: 'text', text: t.signIn },
      { kind: 'button', label: t.button, href: input.signInLink },
      { kind: 'small', text: `${t.forgotten} ${t.ignore}` },
    ],
    signature: t.signature,
  });
  return { recipient: input.recipient, subject: t.subject, text, html };
}
