// The mail to the owner of an address someone tried to register again: no account is made, the owner is pointed to sign-in. It carries no text the registrant chose.
import type { Locale } from '@costory/shared';
import { escapeHtml } from '../../lib/html';
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
  const p = 'margin:0 0 16px;line-height:1.55';
  const href = escapeHtml(input.signInLink);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#17784a;color:#ffffff;font-weight:bold;font-size:20px;padding:14px 24px;border-radius:8px 8px 0 0">Costory</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
<p style="${p}">${escapeHtml(t.greeting)}</p>
<p style="${p}">${escapeHtml(t.intro)}</p>
<p style="${p}">${escapeHtml(t.signIn)}</p>
<p style="${p}"><a href="${href}" style="display:inline-block;background:#17784a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(t.button)}</a></p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.forgotten)} ${escapeHtml(t.ignore)}</p>
<p style="margin:0">${escapeHtml(t.signature)}</p>
</div></div></body></html>
`;
  return { recipient: input.recipient, subject: t.subject, text, html };
}
