// Both languages' texts in one object, for the translation tests; the app loads one language at a time (index.ts).
import type { Locale } from '@costory/shared';
import { cs } from './locales/cs';
import { en } from './locales/en';
import type { LanguageTexts } from './namespaces';

export const resources: Record<Locale, LanguageTexts> = { en, cs };
