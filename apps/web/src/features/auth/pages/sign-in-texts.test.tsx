// The sign-in pages as a first visit shows them, with only the startup texts loaded (decision 0038): no text is missing, in English or in Czech. Registration names company fields (namespace companies) and loads the pages' texts.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@costory/shared';
import { i18n } from '@/i18n';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const UID = 'Vq3-interaction';

const PAGES: readonly { path: string; shows: Record<Locale, string> }[] = [
  { path: '/login', shows: { en: 'Taking you to sign-in…', cs: 'Přesměrování na přihlášení…' } },
  { path: `/login?interaction=${UID}`, shows: { en: 'Sign in', cs: 'Přihlásit se' } },
  {
    path: '/oauth2-redirect?code=c0de&state=forged',
    shows: { en: 'Sign-in failed', cs: 'Přihlášení se nezdařilo' },
  },
  {
    path: '/email-confirm?code=Zx81-q_code',
    shows: { en: 'Confirming your e-mail address…', cs: 'Potvrzujeme vaši e-mailovou adresu…' },
  },
];

let missing: string[] = [];

beforeEach(() => {
  missing = [];
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_languages, namespace, key) => {
    missing.push(`${namespace}:${key}`);
  };
});

afterEach(() => {
  i18n.options.saveMissing = false;
  i18n.options.missingKeyHandler = false;
});

describe.each(['en', 'cs'] as const)(
  'sign-in pages in %s with the startup texts only',
  (locale) => {
    const cases = PAGES.map((page) => ({ path: page.path, shows: page.shows[locale] }));
    it.each(cases)('$path shows its texts', async ({ path, shows }) => {
      stubFetch({
        [`GET /auth/interaction/${UID}/details`]: () =>
          jsonResponse({ uid: UID, prompt: 'login', uiLocales: [locale], demo: false }),
      });
      window.localStorage.setItem('locale', locale);
      renderApp(path, { signedIn: false, texts: 'startup' });
      expect((await screen.findAllByText(shows))[0]).toBeVisible();
      expect(missing).toEqual([]);
    });
  },
);
