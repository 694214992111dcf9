// The sign-in service's own pages (sign-out, signed-out, sign-in error) in the product's look, English and Czech; only the app's own sign-out submits itself, by a script from this server.
import type { Locale } from '@costory/shared';
import { escapeHtml } from '../../lib/html';
import { renderPage } from '../../lib/page';

const TEXTS = {
  en: {
    logoutTitle: 'Sign out of Costory?',
    logoutText: 'You are about to sign out of Costory on this device.',
    logoutYes: 'Yes, sign me out',
    logoutNo: 'No, stay signed in',
    signingOutTitle: 'Signing out of Costory…',
    signingOutText: 'You chose to sign out in Costory. If nothing happens, press the button.',
    signOut: 'Sign out',
    signedOutTitle: 'You have signed out',
    signedOutText: 'You have been signed out of Costory.',
    backToApp: 'Back to Costory',
    errorTitle: 'Sign-in could not continue',
    errorText:
      'The sign-in request is not valid or has expired. Go back to Costory and sign in again.',
    errorCode: 'Error',
    errorDescription: 'Details',
  },
  cs: {
    logoutTitle: 'Odhlásit se z Costory?',
    logoutText: 'Chystáte se odhlásit z Costory na tomto zařízení.',
    logoutYes: 'Ano, odhlásit',
    logoutNo: 'Ne, zůstat přihlášen',
    signingOutTitle: 'Odhlašování z Costory…',
    signingOutText: 'Odhlášení jste zvolili v Costory. Pokud se nic nestane, stiskněte tlačítko.',
    signOut: 'Odhlásit se',
    signedOutTitle: 'Byli jste odhlášeni',
    signedOutText: 'Odhlášení z Costory proběhlo úspěšně.',
    backToApp: 'Zpět do Costory',
    errorTitle: 'Přihlášení nelze dokončit',
    errorText:
      'Požadavek na přihlášení je neplatný nebo vypršel. Vraťte se do Costory a přihlaste se znovu.',
    errorCode: 'Chyba',
    errorDescription: 'Podrobnosti',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/**
 * The question before signing out. `form` is the provider's (empty) form with its own XSRF field;
 * the buttons submit it, so the page needs no script.
 */
export function logoutPage(locale: Locale, form: string): string {
  const t = TEXTS[locale];
  return renderPage({
    lang: locale,
    title: t.logoutTitle,
    body: `<div class="card">
<h1>${escapeHtml(t.logoutTitle)}</h1>
<p class="muted">${escapeHtml(t.logoutText)}</p>
${form}
<div class="actions">
<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.logoutYes)}</button>
<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(t.logoutNo)}</button>
</div>
</div>`,
  });
}

/** Where the page that signs out at once loads its script from (script-src 'self'). */
export const SIGN_OUT_SCRIPT_PATH = '/auth-pages/sign-out.js';

/** Presses the page's sign-out button as soon as it loads: the user chose to sign out in the app. */
export const SIGN_OUT_SCRIPT = `document.querySelector('button[name="logout"]')?.click();\n`;

/**
 * Sign-out asked for by the app itself (it names the user's ID token): the user chose it there,
 * so it is not asked again; the page submits the provider's form with "yes" at once, and its
 * button does the same where scripts do not run.
 */
export function signingOutPage(locale: Locale, form: string): string {
  const t = TEXTS[locale];
  return renderPage({
    lang: locale,
    title: t.signingOutTitle,
    body: `<div class="card">
<h1>${escapeHtml(t.signingOutTitle)}</h1>
<p class="muted">${escapeHtml(t.signingOutText)}</p>
${form}
<div class="actions">
<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t.signOut)}</button>
</div>
</div>
<script src="${SIGN_OUT_SCRIPT_PATH}"></script>`,
  });
}

/** Shown after signing out when the client named no place to return to. */
export function signedOutPage(locale: Locale, appUrl: string): string {
  const t = TEXTS[locale];
  return renderPage({
    lang: locale,
    title: t.signedOutTitle,
    body: `<div class="card">
<h1>${escapeHtml(t.signedOutTitle)}</h1>
<p class="muted">${escapeHtml(t.signedOutText)}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(appUrl)}">${escapeHtml(t.backToApp)}</a></div>
</div>`,
  });
}

/** A refused sign-in request that cannot be sent back to the client (e.g. an unknown redirect_uri). */
export function signInErrorPage(
  locale: Locale,
  appUrl: string,
  error: { code: string; description: string | undefined },
): string {
  const t = TEXTS[locale];
  const description =
    error.description === undefined
      ? ''
      : `<dt>${escapeHtml(t.errorDescription)}</dt><dd>${escapeHtml(error.description)}</dd>`;
  return renderPage({
    lang: locale,
    title: t.errorTitle,
    body: `<div class="card">
<h1>${escapeHtml(t.errorTitle)}</h1>
<p class="muted">${escapeHtml(t.errorText)}</p>
<dl><dt>${escapeHtml(t.errorCode)}</dt><dd><code>${escapeHtml(error.code)}</code></dd>${description}</dl>
<div class="actions"><a class="button primary" href="${escapeHtml(appUrl)}">${escapeHtml(t.backToApp)}</a></div>
</div>`,
  });
}
