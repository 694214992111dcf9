// The translation namespaces and the names of the languages: what the app needs before any text is loaded.
import type { Locale } from '@costory/shared';
import type { Resource } from './resource-types';

export const NAMESPACES = [
  'common',
  'shell',
  'routes',
  'errors',
  'domain',
  'auth',
  'companies',
  'catalogs',
  'stories',
  'instances',
  'summaries',
  'storyTeam',
  'lineups',
  'exports',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';

/** One language's texts, by namespace. */
export type LanguageTexts = Record<Namespace, Resource>;

/** Each language names itself in its own language, whatever the interface language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  cs: 'Čeština',
};
