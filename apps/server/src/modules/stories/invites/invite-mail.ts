// The mail of an e-mail invite to a story, in the inviter's language and the stories' (ict) look: who invites, to what, as which role, and the /public-access link.
import type { Locale, StoryMemberRole } from '@costory/shared';
import { countText, type PluralForms } from '../../../lib/plural';
import { defangLinks } from '../../mail/defang';
import { MAIL_ACCENT, mailHtml } from '../../mail/mail-layout';
import type { MailContent } from '../../mail/mail.service';
import { STORY_ROLE_NAMES } from '../common/messages';

export interface StoryInviteMailInput {
  recipient: string;
  inviterName: string;
  storyName: string;
  role: StoryMemberRole;
  /** `{PUBLIC_ORIGIN}/public-access/{code}`. */
  link: string;
  expiresInDays: number;
}

/** "1 day", "14 days"; "1 den", "3 dny", "14 dní": each language's plural forms. */
const DAYS: Readonly<Record<Locale, PluralForms>> = {
  en: { one: '{count} day', other: '{count} days' },
  cs: { one: '{count} den', few: '{count} dny', many: '{count} dne', other: '{count} dní' },
};

const TEXTS = {
  en: {
    subject: (story: string) => `You have been invited to the story ${story} in Costory`,
    greeting: 'Hello,',
    intro: (inviter: string, story: string, role: string) =>
      `${inviter} has invited you to the story ${story} in Costory as ${role}.`,
    open: 'Accept the invitation here (sign in, or register first if you have no account yet):',
    button: 'Accept the invitation',
    validity: (days: number) =>
      `The invitation is valid for ${countText('en', days, DAYS.en)} and can be used once, with this e-mail address.`,
    ignore: 'If you do not know why you received this e-mail, you can ignore it.',
    signature: 'The Costory team',
  },
  cs: {
    subject: (story: string) => `Pozvánka do příběhu ${story} v Costory`,
    greeting: 'Dobrý den,',
    intro: (inviter: string, story: string, role: string) =>
      `${inviter} vás pozval(a) do příběhu ${story} v Costory s rolí ${role}.`,
    open: 'Pozvánku přijmete zde (přihlaste se, nebo se nejprve zaregistrujte, pokud účet ještě nemáte):',
    button: 'Přijmout pozvánku',
    validity: (days: number) =>
      `Pozvánka platí ${countText('cs', days, DAYS.cs)} a lze ji použít jednou, s touto e-mailovou adresou.`,
    ignore: 'Pokud nevíte, proč vám tento e-mail přišel, můžete jej ignorovat.',
    signature: 'Tým Costory',
  },
} as const;

export function storyInviteMail(locale: Locale, input: StoryInviteMailInput): MailContent {
  const t = TEXTS[locale];
  // Names users chose never become links.
  const storyName = defangLinks(input.storyName);
  const subject = t.subject(storyName);
  const intro = t.intro(
    defangLinks(input.inviterName),
    storyName,
    STORY_ROLE_NAMES[input.role][locale],
  );
  const validity = t.validity(input.expiresInDays);
  const text = [
    t.greeting,
    '',
    intro,
    '',
    t.open,
    input.link,
    '',
    validity,
    t.ignore,
    '',
    t.signature,
    '',
  ].join('\n');
  const html = mailHtml({
    locale,
    title: subject,
    accent: MAIL_ACCENT.ict,
    blocks: [
      { kind: 'text', text: t.greeting },
      { kind: 'text', text: intro },
      { kind: 'button', label: t.button, href: input.link },
      { kind: 'link', lead: t.open, href: input.link },
      { kind: 'small', text: `${validity} ${t.ignore}` },
    ],
    signature: t.signature,
  });
  return { recipient: input.recipient, subject, text, html };
}
