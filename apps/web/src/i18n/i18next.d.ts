// Types every `t()` call against the English resources, so a missing or misspelt key fails type checking.
import 'i18next';
import type { en } from './locales/en';
import type englishLive from './locales/en/live';

type English = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
  }
  interface ResourceNamespaceMap {
    common: English['common'];
    shell: English['shell'];
    routes: English['routes'];
    errors: English['errors'];
    domain: English['domain'];
    auth: English['auth'];
    companies: English['companies'];
    catalogs: English['catalogs'];
    stories: English['stories'];
    instances: English['instances'];
    summaries: English['summaries'];
    storyTeam: English['storyTeam'];
    lineups: English['lineups'];
    exports: English['exports'];
    /** Loaded with a story page's live connection (live-texts.ts), not at start. */
    live: typeof englishLive;
  }
}
