// Both languages' texts in one object, for the translation tests; the app loads one language at a time (index.ts).
import type { Locale } from '@costory/shared';
import { cs } from './locales/cs';
import { en } from './locales/en';
import type { LanguageTexts } from './namespaces';
import type { Resource } from './resource-types';
import csLive from './locales/cs/live';
import enLive from './locales/en/live';

/** Every text, the lazily loaded `live` namespace included (tests check and use them all). */
export const resources: Record<Locale, LanguageTexts & { live: Resource }> = {
  en: { ...en, live: enLive },
  cs: { ...cs, live: csLive },
};
