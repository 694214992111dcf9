// i18next set-up of the SPA: bundled English and Czech resources, the stored locale, and switching language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_STORAGE_KEY, parseLocale, type Locale } from '@costory/shared';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from './resources';

export { i18n };
export { LANGUAGE_NAMES, NAMESPACES } from './resources';

/** The locale kept in local storage; anything unknown or unreadable means English. */
export function getStoredLocale(): Locale {
  try {
    return parseLocale(window.localStorage.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return parseLocale(undefined);
  }
}

/** The locale the interface currently shows. */
export function currentLocale(): Locale {
  return parseLocale(i18n.resolvedLanguage ?? i18n.language);
}

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

/**
 * Initialises i18next once with the stored locale. Safe to call again: later calls only
 * re-read the stored locale, which tests use to simulate a fresh start.
 */
export function initI18n(): typeof i18n {
  const locale = getStoredLocale();
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: ['en', 'cs'],
      ns: [...NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      // Resources are bundled, so everything is ready synchronously after init.
      initAsync: false,
    });
  } else if (i18n.language !== locale) {
    void i18n.changeLanguage(locale);
  }
  applyDocumentLanguage(locale);
  return i18n;
}

/**
 * Switches the interface and the validation messages (both read i18n.language), the document
 * language and the stored choice at once.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this visit only.
  }
}
