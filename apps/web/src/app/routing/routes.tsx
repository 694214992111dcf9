// The route table of the spec (section 2) with its matching rules: public and auth routes, case-sensitive /ctl.
import type { ComponentType, ReactNode } from 'react';
import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { SummaryKind } from '@/features/stories/pages/story-summary-page';
import { NotFoundPage } from '@/components/not-found-page';
import { RootLayout } from '../shell/root-layout';
import { AuthGuard } from './auth-guard';
import { ParsedRoute } from './parsed-route';
import { PageLoading } from './page-loading';
import { RouteErrorPage } from './route-error-page';
import { prefetching } from './route-prefetch';
import {
  CATALOG_ITEM_CREATE_PARAMS,
  CATALOG_ITEM_EDIT_PARAMS,
  CATALOG_ITEMS_PARAMS,
  CATALOG_PARAMS,
  COMPANY_PROFILE_PARAMS,
  LINEUP_EXPORT_PARAMS,
  PARTNER_COMPANY_PARAMS,
  PUBLIC_ACCESS_PARAMS,
  STORY_ITEMS_PARAMS,
  STORY_PARAMS,
  STORY_VERSION_PARAMS,
  type ParamSpec,
  type ParsedParams,
} from '@/lib/routing/route-params';
import type { RouteHandle } from '@/lib/routing/route-handle';
import { currentLocale, loadPageTexts } from '@/i18n';
import { loadMeta } from '@/lib/meta';
import { isLoggedIn } from '@/lib/session';
import type { TextPart } from '@/i18n/namespaces';

function withParams<S extends ParamSpec>(spec: S, Page: ComponentType<ParsedParams<S>>) {
  return <ParsedRoute spec={spec} render={(params) => <Page {...params} />} />;
}

/**
 * A page loaded when its route is first matched: each page is its own chunk, so the first page
 * downloads only its own code, with the signed-in pages' texts unless it shows only the startup
 * ones (`SIGN_IN_TEXTS`). The router keeps the current page until the next one has loaded.
 */
function page<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactNode,
  texts: TextPart = 'pages',
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([
        load(),
        texts === 'pages' ? loadPageTexts() : Promise.resolve(),
      ]);
      return { element: render(module) };
    },
  };
}

/**
 * /login without an interaction signs in while its page's code downloads: it asks for the
 * installation's meta at once and follows the sign-in service's round trips as soon as their
 * small module has arrived. When they end on one of the app's pages (the service's login form,
 * or the return of someone it knows), the route goes there directly: the redirect page is
 * rendered only to go to the service itself or to say what failed.
 */
async function signInFirst({ request }: LoaderFunctionArgs): Promise<Response | null> {
  if (new URL(request.url).searchParams.has('interaction') || isLoggedIn()) return null;
  loadMeta().catch(() => {
    // The sign-in asks again and, without an answer, signs in with the built-in service.
  });
  const locale = currentLocale();
  const next = await import('@/features/auth/lib/sign-in').then(
    (signIn) => signIn.signInFromRoute(locale),
    // Offline or after a new release: the page loads it again and signs in itself.
    () => null,
  );
  return next === null ? null : replace(next);
}

/** The sign-in pages show only the startup texts (shell, errors, sign-in): the first visit's page. */
const SIGN_IN_TEXTS: TextPart = 'startup';

const loadSummaryPage = () => import('@/features/stories/pages/story-summary-page');

const STORY_NAVIGATION: RouteHandle = { appNavigation: true };
const HIDE_CONTEXT_BUTTONS: RouteHandle = { hideContextButtons: true };

const loadStoryPrefetches = () => import('@/features/stories/api/story-prefetch');

function summaryRoute(path: string, kind: SummaryKind, pdfExport: boolean): RouteObject {
  return {
    path,
    handle: STORY_NAVIGATION,
    ...prefetching(async () => (await loadStoryPrefetches()).prefetchStorySummary),
    ...page(loadSummaryPage, ({ StorySummaryPage }) => (
      <ParsedRoute
        spec={STORY_PARAMS}
        render={(params) => <StorySummaryPage {...params} kind={kind} pdfExport={pdfExport} />}
      />
    )),
  };
}

const SUMMARY_KINDS = ['roles', 'phases', 'ctl', 'ict'] as const;

const publicRoutes: RouteObject[] = [
  {
    path: '/registration',
    handle: HIDE_CONTEXT_BUTTONS,
    ...page(
      () => import('@/features/auth/pages/registration-page'),
      (m) => <m.RegistrationPage />,
    ),
  },
  {
    path: '/email-confirm',
    handle: HIDE_CONTEXT_BUTTONS,
    ...page(
      () => import('@/features/auth/pages/email-confirm-page'),
      (m) => <m.EmailConfirmPage />,
      SIGN_IN_TEXTS,
    ),
  },
  {
    path: '/oauth2-redirect',
    ...page(
      () => import('@/features/auth/pages/oauth2-redirect-page'),
      (m) => <m.OAuth2RedirectPage />,
      SIGN_IN_TEXTS,
    ),
  },
  {
    path: '/public-access/:code',
    ...page(
      () => import('@/features/auth/pages/public-access-page'),
      (m) => withParams(PUBLIC_ACCESS_PARAMS, m.PublicAccessPage),
    ),
  },
  // The link of a catalog invitation mail (decision 0026): public, so it can lead to sign-in.
  {
    path: '/ctl/catalog-invitation/:code',
    ...page(
      () => import('@/features/auth/pages/catalog-invitation-page'),
      (m) => withParams(PUBLIC_ACCESS_PARAMS, m.CatalogInvitationPage),
    ),
  },
  // Design deviation: /login exists, so the guard never sends anyone to a missing route.
  {
    path: '/login',
    loader: signInFirst,
    ...page(
      () => import('@/features/auth/pages/login-page'),
      (m) => <m.LoginPage />,
      SIGN_IN_TEXTS,
    ),
  },
];

const storyRoutes: RouteObject[] = [
  {
    path: '/story-detail/:storyId',
    ...page(
      () => import('@/features/stories/pages/story-overview-page'),
      (m) => withParams(STORY_PARAMS, m.StoryOverviewPage),
    ),
  },
  {
    path: '/story-detail/:storyId/labels',
    ...page(
      () => import('@/features/stories/pages/story-labels-page'),
      (m) => withParams(STORY_PARAMS, m.StoryLabelsPage),
    ),
  },
  {
    path: '/story-detail/:storyId/members',
    ...page(
      () => import('@/features/stories/pages/story-members-page'),
      (m) => withParams(STORY_PARAMS, m.StoryMembersPage),
    ),
  },
  ...SUMMARY_KINDS.flatMap((kind) => [
    summaryRoute(`/story-detail/:storyId/summary/${kind}`, kind, false),
    summaryRoute(`/story-detail/:storyId/summary/${kind}/export`, kind, true),
  ]),
  summaryRoute('/story-detail/:storyId/summary/export', 'overall', true),
  // A static segment outranks a parameter in the router, so `compare` is never taken for a version id.
  {
    path: '/story-detail/:storyId/versions/compare',
    ...page(
      () => import('@/features/stories/pages/story-version-comparison-page'),
      (m) => withParams(STORY_PARAMS, m.StoryVersionComparisonPage),
    ),
  },
  {
    path: '/story-detail/:storyId/versions/:versionId',
    ...page(
      () => import('@/features/stories/pages/story-version-page'),
      (m) => withParams(STORY_VERSION_PARAMS, m.StoryVersionPage),
    ),
  },
  {
    path: '/story-detail/:storyId/lineups',
    ...page(
      () => import('@/features/stories/pages/story-lineups-page'),
      (m) => withParams(STORY_PARAMS, m.StoryLineupsPage),
    ),
  },
  {
    path: '/story-detail/:storyId/lineups/export/:lineupId',
    ...page(
      () => import('@/features/stories/pages/lineup-export-page'),
      (m) => withParams(LINEUP_EXPORT_PARAMS, m.LineupExportPage),
    ),
  },
  {
    path: '/story-detail/:storyId/items/groups/:groupId?/itemsLabels/:itemsLabels?',
    ...page(
      () => import('@/features/stories/pages/story-items-page'),
      (m) => withParams(STORY_ITEMS_PARAMS, m.StoryItemsPage),
    ),
  },
].map((route) => ({
  handle: STORY_NAVIGATION,
  ...prefetching(async () => (await loadStoryPrefetches()).prefetchStory),
  ...route,
}));

// The spec marks /ctl and its pages case-sensitive: /CTL is not the catalogue list.
const catalogRoutes: RouteObject[] = [
  {
    path: '/ctl',
    ...prefetching(async () => (await import('@/lib/api/catalog-list')).prefetchCatalogList),
    ...page(
      () => import('@/features/catalogs/pages/catalog-list-page'),
      (m) => <m.CatalogListPage />,
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/item-list/:itemId?/groups/:groupId?/itemsLabels/:itemsLabels?',
    ...page(
      () => import('@/features/catalogs/pages/catalog-items-page'),
      (m) => withParams(CATALOG_ITEMS_PARAMS, m.CatalogItemsPage),
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/item-list/create/:groupId?',
    ...page(
      () => import('@/features/catalogs/pages/catalog-item-create-page'),
      (m) => withParams(CATALOG_ITEM_CREATE_PARAMS, m.CatalogItemCreatePage),
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/item-list/edit/:itemId',
    ...page(
      () => import('@/features/catalogs/pages/catalog-item-edit-page'),
      (m) => withParams(CATALOG_ITEM_EDIT_PARAMS, m.CatalogItemEditPage),
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/member-list',
    ...page(
      () => import('@/features/catalogs/pages/catalog-members-page'),
      (m) => withParams(CATALOG_PARAMS, m.CatalogMembersPage),
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/role-list',
    ...page(
      () => import('@/features/catalogs/pages/catalog-roles-page'),
      (m) => withParams(CATALOG_PARAMS, m.CatalogRolesPage),
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/phase-list',
    ...page(
      () => import('@/features/catalogs/pages/catalog-phases-page'),
      (m) => withParams(CATALOG_PARAMS, m.CatalogPhasesPage),
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId',
    ...page(
      () => import('@/features/catalogs/pages/catalog-overview-page'),
      (m) => withParams(CATALOG_PARAMS, m.CatalogOverviewPage),
    ),
  },
  // The workbook's export and import (issue 20), from the overview.
  {
    path: '/ctl/catalog-detail/:catalogId/import',
    ...page(
      () => import('@/features/catalogs/pages/catalog-workbook-page'),
      (m) => withParams(CATALOG_PARAMS, m.CatalogWorkbookPage),
    ),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/labels',
    ...page(
      () => import('@/features/catalogs/pages/catalog-labels-page'),
      (m) => withParams(CATALOG_PARAMS, m.CatalogLabelsPage),
    ),
  },
].map((route) => ({ ...route, caseSensitive: true }));

const authRoutes: RouteObject[] = [
  {
    index: true,
    ...prefetching(async () => (await import('@/features/stories/api/stories')).prefetchStoryList),
    ...page(
      () => import('@/features/stories/pages/story-list-page'),
      (m) => <m.StoryListPage />,
    ),
  },
  ...storyRoutes,
  {
    path: '/company-profile/:userId',
    caseSensitive: true,
    ...page(
      () => import('@/features/companies/pages/company-profile-page'),
      (m) => withParams(COMPANY_PROFILE_PARAMS, m.CompanyProfilePage),
    ),
  },
  // Companies area (decision 0024): suppliers and subscribers, and one company with its prices.
  {
    path: '/companies',
    ...page(
      () => import('@/features/companies/pages/companies-page'),
      (m) => <m.CompaniesPage />,
    ),
  },
  {
    path: '/companies/:companyId',
    ...page(
      () => import('@/features/companies/pages/company-detail-page'),
      (m) => withParams(PARTNER_COMPANY_PARAMS, m.CompanyDetailPage),
    ),
  },
  // Personal API tokens (decision 0044), from the account menu.
  {
    path: '/api-tokens',
    ...page(
      () => import('@/features/api-tokens/pages/api-tokens-page'),
      (m) => <m.ApiTokensPage />,
    ),
  },
  ...catalogRoutes,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        // Shown inside the shell while the first page's code loads.
        hydrateFallbackElement: <PageLoading />,
        children: [
          ...publicRoutes,
          { element: <AuthGuard />, children: authRoutes },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
