// All translations bundled into the app (no HTTP backend), keyed by locale, then by namespace.
import type { Locale } from '@costory/shared';
import { cs } from './locales/cs';
import { en } from './locales/en';
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

export const resources: Record<Locale, Record<Namespace, Resource>> = { en, cs };

/** Each language names itself in its own language, whatever the interface language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  cs: 'Čeština',
};
