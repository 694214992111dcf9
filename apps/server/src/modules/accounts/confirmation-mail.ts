// The e-mail confirmation mail in English and Czech: a link with the long code, and the one-time code to type.
import { EMAIL_CONFIRMATION_TTL_HOURS, type Locale } from '@costory/shared';
import { countText } from '../../lib/plural';
import { defangLinks } from '../mail/defang';
import { MAIL_ACCENT, mailHtml } from '../mail/mail-layout';
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
    validity: countText('en', EMAIL_CONFIRMATION_TTL_HOURS, {
      one: 'The link and the code are valid for {count} hour and can be used once.',
      other: 'The link and the code are valid for {count} hours and can be used once.',
    }),
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
    validity: countText('cs', EMAIL_CONFIRMATION_TTL_HOURS, {
      one: 'Odkaz i kód platí {count} hodinu a lze je použít jednou.',
      few: 'Odkaz i kód platí {count} hodiny a lze je použít jednou.',
      many: 'Odkaz i kód platí {count} hodiny a lze je použít jednou.',
      other: 'Odkaz i kód platí {count} hodin a lze je použít jednou.',
    }),
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
  const html = mailHtml({
    locale,
    title: t.subject,
    accent: MAIL_ACCENT.ict,
    blocks: [
      { kind: 'text', text: greeting },
      { kind: 'text', text: intro },
      { kind: 'button', label: t.button, href: input.link },
      { kind: 'link', lead: t.linkLead, href: input.link },
      { kind: 'text', text: t.codeLead },
      { kind: 'code', code: input.oneTimeCode },
      { kind: 'small', text: `${t.validity} ${t.ignore}` },
    ],
    signature: t.signature,
  });
  return { recipient: input.recipient, subject: t.subject, text, html };
}
