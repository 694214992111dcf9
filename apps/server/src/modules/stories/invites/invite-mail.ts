// The mail of an e-mail invite to a story, in the inviter's language and the stories' (ict) look: who invites, to what, as which role, and the /public-access link.
import type { Locale, StoryMemberRole } from '@costory/shared';
import { escapeHtml } from '../../../lib/html';
import { defangLinks } from '../../mail/defang';
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

/** "1 den", "3 dny", "14 dní": Czech counts take three forms. */
function czechDays(days: number): string {
  if (days === 1) return '1 den';
  if (days >= 2 && days <= 4) return `${days} dny`;
  return `${days} dní`;
}

const TEXTS = {
  en: {
    subject: (story: string) => `You have been invited to the story ${story} in Costory`,
    greeting: 'Hello,',
    intro: (inviter: string, story: string, role: string) =>
      `${inviter} has invited you to the story ${story} in Costory as ${role}.`,
    open: 'Accept the invitation here (sign in, or register first if you have no account yet):',
    button: 'Accept the invitation',
    validity: (days: number) =>
      `The invitation is valid for ${days === 1 ? '1 day' : `${days} days`} and can be used once, with this e-mail address.`,
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
      `Pozvánka platí ${czechDays(days)} a lze ji použít jednou, s touto e-mailovou adresou.`,
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
  const p = 'margin:0 0 16px;line-height:1.55';
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#17784a;color:#ffffff;font-weight:bold;font-size:20px;padding:14px 24px;border-radius:8px 8px 0 0">Costory</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
<p style="${p}">${escapeHtml(t.greeting)}</p>
<p style="${p}">${escapeHtml(intro)}</p>
<p style="${p}"><a href="${href}" style="display:inline-block;background:#17784a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(t.button)}</a></p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(t.open)}<br><a href="${href}" style="color:#17784a;word-break:break-all">${href}</a></p>
<p style="${p};font-size:13px;color:#5a6572">${escapeHtml(validity)}<br>${escapeHtml(t.ignore)}</p>
<p style="margin:0">${escapeHtml(t.signature)}</p>
</div></div></body></html>
`;
  return { recipient: input.recipient, subject, text, html };
}
