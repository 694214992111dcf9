// The translation namespaces and the names of the languages: what the app needs before any text is loaded.
import type { Locale } from '@costory/shared';
import type { Resource } from './resource-types';

/** What any page may show before its own code arrives: loaded before the first paint. */
export const STARTUP_NAMESPACES = [
  'common',
  'shell',
  'routes',
  'errors',
  'domain',
  'auth',
] as const;

/** The signed-in pages' texts: loaded with the first such page, or when the browser is idle. */
export const PAGE_NAMESPACES = [
  'companies',
  'catalogs',
  'stories',
  'instances',
  'summaries',
  'storyTeam',
  'lineups',
  'exports',
] as const;

export const NAMESPACES = [...STARTUP_NAMESPACES, ...PAGE_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';

/** One language's texts, by namespace. */
export type LanguageTexts = Record<Namespace, Resource>;

/** The texts of each part, by namespace: the startup namespaces, and the signed-in pages'. */
export interface PartTexts {
  startup: Record<(typeof STARTUP_NAMESPACES)[number], Resource>;
  pages: Record<(typeof PAGE_NAMESPACES)[number], Resource>;
}
export type TextPart = keyof PartTexts;

/** Each language names itself in its own language, whatever the interface language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  cs: 'Čeština',
};
