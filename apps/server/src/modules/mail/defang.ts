// Text that users chose (names of people, companies, catalogs, stories) made unlinkable before it goes into a mail.

/**
 * Mail clients turn anything that looks like an address into a link, in plain text and in HTML
 * alike, so escaping alone would still let a stranger's "company name" send people to their site
 * from a mail that Costory signs. Addresses are therefore written the way security reports write
 * them ("evil[.]example", "https[:]//"): still readable, linked by no client. Only tokens that
 * look like an address change, so "Acme s.r.o." or "1.5" stay as they are.
 */
const DOTS = /[.\uFF0E\u3002\uFF61]/gu;
// A scheme, "www.", or a label followed by a dot and a top-level domain (two letters or more).
const ADDRESS_LIKE = /:\/\/|www[.\uFF0E\u3002\uFF61]|[\p{L}\p{N}-][.\uFF0E\u3002\uFF61]\p{L}{2,}/iu;

function defangToken(token: string): string {
  if (!ADDRESS_LIKE.test(token)) return token;
  return token.replace(/:\/\//g, '[:]//').replace(DOTS, '[.]');
}

/** The text with every address-like word defanged; whitespace is kept as it is. */
export function defangLinks(text: string): string {
  return text.replace(/\S+/gu, defangToken);
}
