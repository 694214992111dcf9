// Czech texts of a story's live updates (who else has it open, others' changes, the editor's conflict): loaded with the live connection, not at start (i18n/live-texts.ts).
import type { Resource } from '@/i18n/resource-types';

export default {
  others: 'Také v tomto příběhu',
  you: 'Vy',
  editing: '{{name}} upravuje tuto instanci',
  noticeTitle: 'Změny od ostatních',
  one: '{{name}} {{action}}',
  many_one: '{{name}} provedl(a) {{count}} změnu',
  many_few: '{{name}} provedl(a) {{count}} změny',
  many_many: '{{name}} provedl(a) {{count}} změny',
  many_other: '{{name}} provedl(a) {{count}} změn',
  dismiss: 'Zavřít',
  ended: {
    ACCESS_LOST: 'K tomuto příběhu už nemáte přístup.',
    STORY_DELETED: 'Tento příběh byl smazán.',
    NOT_FOUND: 'Tento příběh už pro vás není dostupný.',
  },
  toList: 'Přejít na seznam příběhů',
  conflict: {
    updated: '{{name}} mezitím uložil(a) tuto instanci.',
    deleted: '{{name}} mezitím smazal(a) tuto instanci. Už ji nelze uložit.',
    theirValues: 'Jejich verze',
    loading: 'Načítá se jejich verze…',
    loadFailed: 'Jejich verzi se nepodařilo načíst.',
    take: 'Převzít jejich hodnoty',
    keep: 'Ponechat moje',
  },
} satisfies Resource;
