// The e-mail confirmation mail in English and Czech: a link with the long code, and the one-time code to type.
import { EMAIL_CONFIRMATION_TTL_HOURS, type Locale } from '@costory/shared';
import { escapeHtml } from '../../lib/html';
import { defangLinks } from '../mail/defang';
import type { MailContent } from '../mail/mail.service';

export interface ConfirmationMailInput {
  recipient: string;
  firstName: string;
  /** Named when the mail follows a registration; a resent mail leaves it out. */
  companyName: string | undefined;
  link: string;
  oneTimeCode: string;
}

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  intro: (company: string | undefined) => string;
  linkLead: string;
  button: string;
  codeLead: string;
  validity: string;
  ignore: string;
  signature: string;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: 'Confirm your e-mail address for Costory',
    greeting: (name) => `Hello ${name},`,
    intro: (company) =>
      company === undefined
        ? 'please confirm your e-mail address for Costory.'
        : `thank you for registering ${company} in Costory. Please confirm your e-mail address.`,
    linkLead: 'Open this link to confirm it:',
    button: 'Confirm my e-mail address',
    codeLead: 'Or enter this one-time code on the confirmation page:',
    validity: `The link and the code are valid for ${EMAIL_CONFIRMATION_TTL_HOURS} hours and can be used once.`,
    ignore: 'If you did not register in Costory, you can ignore this e-mail.',
    signature: 'The Costory team',
  },
  cs: {
    subject: 'Potvrďte svou e-mailovou adresu pro Costory',
    greeting: (name) => `Dobrý den, ${name},`,
    intro: (company) =>
      company === undefined
        ? 'potvrďte prosím svou e-mailovou adresu pro Costory.'
        : `děkujeme za registraci společnosti ${company} v Costory. Potvrďte prosím svou e-mailovou adresu.`,
    linkLead: 'Potvrdíte ji otevřením tohoto odkazu:',
    button: 'Potvrdit e-mailovou adresu',
    codeLead: 'Nebo na stránce potvrzení zadejte tento jednorázový kód:',
    validity: `Odkaz i kód platí ${EMAIL_CONFIRMATION_TTL_HOURS} hodin a lze je použít jednou.`,
    ignore: 'Pokud jste se v Costory neregistrovali, tento e-mail ignorujte.',
    signature: 'Tým Costory',
  },
};

export function confirmationMail(locale: Locale, input: ConfirmationMailInput): MailContent {
  const t = TEXTS[locale];
  // Chosen by whoever registered, who may not own the address.
  const greeting = t.greeting(defangLinks(input.firstName));
  const intro = t.intro(
    input.companyName === undefined ? undefined : defangLinks(input.companyName),
  );
  const text = [
    greeting,
    '',
    intro,
    '',
    t.linkLead,
    input.link,
    '',
    t.codeLead,
    input.oneTimeCode,
    '',
    t.validity,
    t.ignore,
    '',
    t.signature,
    '',
  ].join('\n');
  const p = 'margin:0 0 16px;line-height:1.55';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#17784a;color:#ffffff;font-weight:bold;font-size:20px;padding:14px 24px;border-radius:8px 8px 0 0">Costory</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
<p style="${p}">${escapeHtml(greeting)}</p>
<p style="${p}">${escapeHtml(intro)}</p>
<p style="${p}"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#17784a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(t.button)}</a></p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.linkLead)}<br><a href="${escapeHtml(input.link)}" style="color:#17784a;word-break:break-all">${escapeHtml(input.link)}</a></p>
<p style="${p}">${escapeHtml(t.codeLead)}</p>
<p style="${p};font-size:28px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(input.oneTimeCode)}</p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>
<p style="margin:0">${escapeHtml(t.signature)}</p>
</div></div></body></html>
`;
  return { recipient: input.recipient, subject: t.subject, text, html };
}
