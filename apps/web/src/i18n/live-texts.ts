// The live updates' texts (namespace `live`): loaded with a story page's live connection, never at start, in the interface language and again in another one when the user switches.
import i18n from 'i18next';
import type { Locale } from '@costory/shared';
import type { Resource } from './resource-types';

const LOADERS: Record<Locale, () => Promise<Resource>> = {
  en: async () => (await import('./locales/en/live')).default,
  cs: async () => (await import('./locales/cs/live')).default,
};

async function load(language: string): Promise<void> {
  const loader = LOADERS[language as Locale] as (() => Promise<Resource>) | undefined;
  if (!loader || i18n.hasResourceBundle(language, 'live')) return;
  i18n.addResourceBundle(language, 'live', await loader(), true, true);
}

let listening = false;

/** Adds the `live` texts of the current language (and of the next one when it changes). */
export async function loadLiveTexts(): Promise<void> {
  if (!listening) {
    listening = true;
    i18n.on('languageChanged', (language) => void load(language).catch(() => undefined));
  }
  await Promise.all([load(i18n.language), load('en')]);
}
