// Czech texts of the application shell: header, account menu, language switcher, navigation drawer.
import type { Resource } from '@/i18n/resource-types';

export default {
  header: {
    home: 'Costory – úvod',
    expandNavigation: 'Rozbalit navigaci',
    collapseNavigation: 'Sbalit navigaci',
    openNavigation: 'Otevřít navigaci',
    closeNavigation: 'Zavřít navigaci',
    alpha: 'alfa',
    testingEnvironment: 'Testovací prostředí',
    testingEnvironmentShort: 'Test',
    stories: 'Příběhy',
    catalogs: 'Katalogy',
    companyProfile: 'Profil společnosti',
  },
  account: {
    button: 'Účet uživatele {{name}}',
    fallbackName: 'Účet',
    profile: 'Profil',
    companies: 'Společnosti',
    apiTokens: 'Tokeny API',
    logout: 'Odhlásit se',
  },
  language: {
    button: 'Změnit jazyk (nyní: {{language}})',
    menu: 'Jazyk',
    changed: 'Jazyk: {{language}}',
    failed: 'Jazyk {{language}} se nepodařilo načíst. Zkontrolujte připojení a zkuste to znovu.',
  },
  navigation: {
    label: 'Navigace příběhu',
    overview: 'Přehled',
    items: 'Položky',
    labels: 'Štítky',
    members: 'Členové',
    summaries: 'Souhrny',
    summaryRoles: 'Role',
    summaryPhases: 'Fáze',
    summaryCtl: 'Skupiny katalogu',
    summaryIct: 'Instance',
    lineups: 'Cenové varianty',
  },
  skipToContent: 'Přeskočit na obsah',
  loading: 'Načítání, čekejte prosím',
  contextMenu: 'Akce',
} satisfies Resource;
