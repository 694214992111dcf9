// English texts of page views, export titles, the route error page and the not-found page.
export default {
  view: {
    storyOverview: 'Story overview',
    summaryRoles: 'Summary by roles',
    summaryPhases: 'Summary by phases',
    summaryCtl: 'Summary by catalog groups',
    summaryIct: 'Summary by instances',
    summaryOverall: 'Overall summary',
    lineup: 'Lineup',
  },
  pdfExport: '{{view}} – export',
  error: {
    title: 'Something went wrong',
    description:
      'The page could not be shown because of an unexpected error. Reloading usually helps.',
    reload: 'Reload the page',
  },
  notFound: {
    code: 'Error 404',
    title: 'Page not found',
    description:
      'The address {{path}} does not lead to any page. Check it for typing errors or continue from the home page.',
  },
};
