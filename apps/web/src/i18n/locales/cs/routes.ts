// Czech texts of page views, export titles, the route error page and the not-found page.
import type { Resource } from '@/i18n/resource-types';

export default {
  view: {
    storyOverview: 'Přehled příběhu',
    summaryRoles: 'Souhrn podle rolí',
    summaryPhases: 'Souhrn podle fází',
    summaryCtl: 'Souhrn podle skupin katalogu',
    summaryIct: 'Souhrn podle instancí',
    summaryOverall: 'Celkový souhrn',
    lineup: 'Cenová varianta',
  },
  pdfExport: '{{view}} – export',
  error: {
    title: 'Něco se pokazilo',
    description: 'Stránku nešlo zobrazit kvůli neočekávané chybě. Obvykle pomůže ji znovu načíst.',
    reload: 'Načíst stránku znovu',
  },
  notFound: {
    code: 'Chyba 404',
    title: 'Stránka nenalezena',
    description:
      'Adresa {{path}} nevede na žádnou stránku. Zkontrolujte, zda v ní není překlep, nebo pokračujte z úvodní stránky.',
  },
} satisfies Resource;
