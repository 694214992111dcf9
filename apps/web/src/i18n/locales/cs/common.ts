// Czech texts used across the whole app: actions, dialog defaults, counts.
import type { Resource } from '@/i18n/resource-types';

export default {
  appName: 'Costory',
  actions: {
    ok: 'OK',
    cancel: 'Zrušit',
    close: 'Zavřít',
    goHome: 'Přejít na úvodní stránku',
    goBack: 'Zpět',
    retry: 'Zkusit znovu',
  },
  confirm: {
    title: 'Potvrdit',
  },
  loading: 'Načítání…',
  elementCount_one: '{{count}} prvek',
  elementCount_few: '{{count}} prvky',
  elementCount_many: '{{count}} prvku',
  elementCount_other: '{{count}} prvků',
  itemCount_one: '{{count}} položka',
  itemCount_few: '{{count}} položky',
  itemCount_many: '{{count}} položky',
  itemCount_other: '{{count}} položek',
} satisfies Resource;
