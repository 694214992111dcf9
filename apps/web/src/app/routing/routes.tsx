// The route table of the spec (section 2) with its matching rules: public and auth routes, case-sensitive /ctl.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../../features/auth/pages/login-page';
import { EmailConfirmPage } from '../../features/auth/pages/email-confirm-page';
import { OAuth2RedirectPage } from '../../features/auth/pages/oauth2-redirect-page';
import { CatalogInvitationPage } from '../../features/auth/pages/catalog-invitation-page';
import { PublicAccessPage } from '../../features/auth/pages/public-access-page';
import { RegistrationPage } from '../../features/auth/pages/registration-page';
import { CatalogItemCreatePage } from '../../features/catalogs/pages/catalog-item-create-page';
import { CatalogItemEditPage } from '../../features/catalogs/pages/catalog-item-edit-page';
import { CatalogItemsPage } from '../../features/catalogs/pages/catalog-items-page';
import { CatalogLabelsPage } from '../../features/catalogs/pages/catalog-labels-page';
import { CatalogListPage } from '../../features/catalogs/pages/catalog-list-page';
import { CatalogMembersPage } from '../../features/catalogs/pages/catalog-members-page';
import { CatalogOverviewPage } from '../../features/catalogs/pages/catalog-overview-page';
import { CatalogPhasesPage } from '../../features/catalogs/pages/catalog-phases-page';
import { CatalogRolesPage } from '../../features/catalogs/pages/catalog-roles-page';
import { CompaniesPage } from '../../features/companies/pages/companies-page';
import { CompanyDetailPage } from '../../features/companies/pages/company-detail-page';
import { CompanyProfilePage } from '../../features/companies/pages/company-profile-page';
import { LineupExportPage } from '../../features/stories/pages/lineup-export-page';
import { StoryItemsPage } from '../../features/stories/pages/story-items-page';
import { StoryLabelsPage } from '../../features/stories/pages/story-labels-page';
import { StoryLineupsPage } from '../../features/stories/pages/story-lineups-page';
import { StoryListPage } from '../../features/stories/pages/story-list-page';
import { StoryMembersPage } from '../../features/stories/pages/story-members-page';
import {
  StorySummaryPage,
  type SummaryKind,
} from '../../features/stories/pages/story-summary-page';
import { StoryOverviewPage } from '../../features/stories/pages/story-overview-page';
import { NotFoundPage } from '../../components/not-found-page';
import { RootLayout } from '../shell/root-layout';
import { AuthGuard } from './auth-guard';
import { ParsedRoute } from './parsed-route';
import { RouteErrorPage } from './route-error-page';
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
  type ParamSpec,
  type ParsedParams,
} from './route-params';
import type { RouteHandle } from './route-handle';

function withParams<S extends ParamSpec>(spec: S, Page: ComponentType<ParsedParams<S>>) {
  return <ParsedRoute spec={spec} render={(params) => <Page {...params} />} />;
}

const STORY_NAVIGATION: RouteHandle = { appNavigation: true };
const HIDE_CONTEXT_BUTTONS: RouteHandle = { hideContextButtons: true };

function summaryRoute(path: string, kind: SummaryKind, pdfExport: boolean): RouteObject {
  return {
    path,
    handle: STORY_NAVIGATION,
    element: (
      <ParsedRoute
        spec={STORY_PARAMS}
        render={(params) => <StorySummaryPage {...params} kind={kind} pdfExport={pdfExport} />}
      />
    ),
  };
}

const SUMMARY_KINDS = ['roles', 'phases', 'ctl', 'ict'] as const;

const publicRoutes: RouteObject[] = [
  { path: '/registration', handle: HIDE_CONTEXT_BUTTONS, element: <RegistrationPage /> },
  { path: '/email-confirm', handle: HIDE_CONTEXT_BUTTONS, element: <EmailConfirmPage /> },
  { path: '/oauth2-redirect', element: <OAuth2RedirectPage /> },
  { path: '/public-access/:code', element: withParams(PUBLIC_ACCESS_PARAMS, PublicAccessPage) },
  // The link of a catalog invitation mail (decision 0026): public, so it can lead to sign-in.
  {
    path: '/ctl/catalog-invitation/:code',
    element: withParams(PUBLIC_ACCESS_PARAMS, CatalogInvitationPage),
  },
  // Design deviation: /login exists, so the guard never sends anyone to a missing route.
  { path: '/login', element: <LoginPage /> },
];

const storyRoutes: RouteObject[] = [
  { path: '/story-detail/:storyId', element: withParams(STORY_PARAMS, StoryOverviewPage) },
  { path: '/story-detail/:storyId/labels', element: withParams(STORY_PARAMS, StoryLabelsPage) },
  { path: '/story-detail/:storyId/members', element: withParams(STORY_PARAMS, StoryMembersPage) },
  ...SUMMARY_KINDS.flatMap((kind) => [
    summaryRoute(`/story-detail/:storyId/summary/${kind}`, kind, false),
    summaryRoute(`/story-detail/:storyId/summary/${kind}/export`, kind, true),
  ]),
  summaryRoute('/story-detail/:storyId/summary/export', 'overall', true),
  { path: '/story-detail/:storyId/lineups', element: withParams(STORY_PARAMS, StoryLineupsPage) },
  {
    path: '/story-detail/:storyId/lineups/export/:lineupId',
    element: withParams(LINEUP_EXPORT_PARAMS, LineupExportPage),
  },
  {
    path: '/story-detail/:storyId/items/groups/:groupId?/itemsLabels/:itemsLabels?',
    element: withParams(STORY_ITEMS_PARAMS, StoryItemsPage),
  },
].map((route) => ({ handle: STORY_NAVIGATION, ...route }));

// The spec marks /ctl and its pages case-sensitive: /CTL is not the catalogue list.
const catalogRoutes: RouteObject[] = [
  { path: '/ctl', element: <CatalogListPage /> },
  {
    path: '/ctl/catalog-detail/:catalogId/item-list/:itemId?/groups/:groupId?/itemsLabels/:itemsLabels?',
    element: withParams(CATALOG_ITEMS_PARAMS, CatalogItemsPage),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/item-list/create/:groupId?',
    element: withParams(CATALOG_ITEM_CREATE_PARAMS, CatalogItemCreatePage),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/item-list/edit/:itemId',
    element: withParams(CATALOG_ITEM_EDIT_PARAMS, CatalogItemEditPage),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/member-list',
    element: withParams(CATALOG_PARAMS, CatalogMembersPage),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/role-list',
    element: withParams(CATALOG_PARAMS, CatalogRolesPage),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/phase-list',
    element: withParams(CATALOG_PARAMS, CatalogPhasesPage),
  },
  {
    path: '/ctl/catalog-detail/:catalogId',
    element: withParams(CATALOG_PARAMS, CatalogOverviewPage),
  },
  {
    path: '/ctl/catalog-detail/:catalogId/labels',
    element: withParams(CATALOG_PARAMS, CatalogLabelsPage),
  },
].map((route) => ({ ...route, caseSensitive: true }));

const authRoutes: RouteObject[] = [
  { index: true, element: <StoryListPage /> },
  ...storyRoutes,
  {
    path: '/company-profile/:userId',
    caseSensitive: true,
    element: withParams(COMPANY_PROFILE_PARAMS, CompanyProfilePage),
  },
  // Companies area (decision 0024): suppliers and subscribers, and one company with its prices.
  { path: '/companies', element: <CompaniesPage /> },
  {
    path: '/companies/:companyId',
    element: withParams(PARTNER_COMPANY_PARAMS, CompanyDetailPage),
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
        children: [
          ...publicRoutes,
          { element: <AuthGuard />, children: authRoutes },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
