// The live updates' texts (namespace `live`): loaded with a story page's live connection, never at start, in every language at once (a bundle added after a language switch would not re-render what shows it).
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

/** Adds the `live` texts of every language (about 1 KB each), so a switch finds them there. */
export async function loadLiveTexts(): Promise<void> {
  await Promise.all(Object.keys(LOADERS).map(load));
}
