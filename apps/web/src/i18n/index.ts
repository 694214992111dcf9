// i18next set-up of the SPA: the stored locale, each language's texts loaded when first needed, and switching language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_STORAGE_KEY, LOCALES, parseLocale, type Locale } from '@costory/shared/locale';
import { whenIdle } from '@/lib/when-idle';
import {
  DEFAULT_NAMESPACE,
  NAMESPACES,
  PAGE_NAMESPACES,
  STARTUP_NAMESPACES,
  type LanguageTexts,
  type Namespace,
  type PartTexts,
  type TextPart,
} from './namespaces';

export { i18n };
export { LANGUAGE_NAMES, NAMESPACES } from './namespaces';

// Two chunks per language: the first page downloads only the texts it can show (TextPart).
const LOADERS: Record<Locale, { [P in TextPart]: () => Promise<PartTexts[P]> }> = {
  en: {
    startup: async () => (await import('./locales/en/startup')).startup,
    pages: async () => (await import('./locales/en/pages')).pages,
  },
  cs: {
    startup: async () => (await import('./locales/cs/startup')).startup,
    pages: async () => (await import('./locales/cs/pages')).pages,
  },
};

/** A namespace of each part: when it is here, the whole part is. */
const PART_MARKERS: Record<TextPart, Namespace> = {
  startup: STARTUP_NAMESPACES[0],
  pages: PAGE_NAMESPACES[0],
};

function addTexts(locale: Locale, texts: Partial<LanguageTexts>): void {
  for (const namespace of NAMESPACES) {
    const resource = texts[namespace];
    if (resource) i18n.addResourceBundle(locale, namespace, resource, true, true);
  }
}

async function loadPart(locale: Locale, part: TextPart): Promise<void> {
  if (i18n.hasResourceBundle(locale, PART_MARKERS[part])) return;
  addTexts(locale, await LOADERS[locale][part]());
}

/** The locale kept in local storage; anything unknown or unreadable means English. */
export function getStoredLocale(): Locale {
  try {
    return parseLocale(window.localStorage.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return parseLocale(undefined);
  }
}

/** The locale of an i18next language tag; "cs-CZ" is Czech, anything unknown English. */
export function localeOfLanguage(language: string | undefined): Locale {
  return parseLocale(language?.split('-')[0]?.toLowerCase());
}

/** The locale the interface currently shows. */
export function currentLocale(): Locale {
  return localeOfLanguage(i18n.resolvedLanguage ?? i18n.language);
}

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

/**
 * Initialises i18next once with the stored locale and the texts at hand (tests give both
 * languages; the app loads its language with `loadLocale`). Safe to call again: later calls only
 * re-read the stored locale, which tests use to simulate a fresh start.
 */
export function initI18n(texts: Partial<Record<Locale, LanguageTexts>> = {}): typeof i18n {
  const locale = getStoredLocale();
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: {},
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: ['en', 'cs'],
      ns: [...NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      // Texts are added, never fetched by i18next, so init itself is synchronous.
      initAsync: false,
    });
  }
  for (const textLocale of LOCALES) {
    const languageTexts = texts[textLocale];
    if (languageTexts) addTexts(textLocale, languageTexts);
  }
  if (i18n.language !== locale) {
    void i18n.changeLanguage(locale);
  }
  applyDocumentLanguage(locale);
  return i18n;
}

/** Loads the texts any page may show before its own code: the first paint waits for them. */
export async function loadStartupTexts(locale: Locale): Promise<void> {
  await loadPart(locale, 'startup');
}

/** Loads all of a language's texts, unless they are here already. */
export async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all([loadPart(locale, 'startup'), loadPart(locale, 'pages')]);
}

/**
 * The signed-in pages' texts in the language shown: such a page's route loads them with its code.
 * Every language's follow once the page is idle: the next page then finds its texts here, and
 * dialogs name fields in a catalog's or a company's own language (getFixedT), which need not be
 * the interface's. The sign-in pages need neither (signing in loads the app afresh), so a phone
 * there spends its bandwidth on the form.
 */
export async function loadPageTexts(): Promise<void> {
  await loadLocale(currentLocale());
  loadAllTextsWhenIdle();
}

let allTextsScheduled = false;

function loadAllTextsWhenIdle(): void {
  if (allTextsScheduled) return;
  allTextsScheduled = true;
  whenIdle(() => {
    for (const locale of LOCALES) void loadLocale(locale);
  });
}

/**
 * Switches the interface and the validation messages (both read i18n.language), the document
 * language and the stored choice at once.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  // Before the switch re-renders anything: the API client words requests in the document's language.
  applyDocumentLanguage(locale);
  await i18n.changeLanguage(locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this visit only.
  }
}
