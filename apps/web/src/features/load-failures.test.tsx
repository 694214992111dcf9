// Every load failure of spec section 8 as a user meets it: one call fails once, and its toast says which, in English and Czech.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/routing/paths';
import { problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { API, catalogApi, createItem } from '@/features/catalogs/test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';
import { storyApi } from '@/features/stories/test/story-fixtures';

configureQueries();

type User = ReturnType<typeof renderApp>['user'];

interface FailureCase {
  /** What the user does when the call fails. */
  name: string;
  path: string;
  routes: () => Record<string, Handler>;
  /** The call that fails, "METHOD /path". */
  failing: string;
  /** Steps after the page has loaded that make the failing call. */
  act?: (user: User) => Promise<void>;
  text: { en: string; cs: string };
}

const STORY = '/api/v1/stories/12';
const CATALOG = `${API}/catalogs/1`;
const ITEMS_PAGE = '/ctl/catalog-detail/1/item-list/groups/itemsLabels';
const EDIT_PAGE = '/ctl/catalog-detail/1/item-list/edit/100';
const catalogWithItem = () => catalogApi({ item: createItem() });

async function groupAction(user: User, action: { en: string; cs: string }, locale: 'en' | 'cs') {
  const tree = await screen.findByRole('navigation', {
    name: locale === 'en' ? 'Groups' : 'Skupiny',
  });
  await user.click(
    await within(tree).findByRole('button', {
      name: locale === 'en' ? 'Actions for group Walls' : 'Akce pro skupinu Walls',
    }),
  );
  await user.click(await screen.findByRole('menuitem', { name: action[locale] }));
}

const CASES: FailureCase[] = [
  {
    name: 'opening a story',
    path: paths.story(12),
    routes: () => storyApi(),
    failing: `GET ${STORY}`,
    text: { en: 'Cannot get story', cs: 'Příběh se nepodařilo načíst' },
  },
  {
    name: 'listing the instances of a story',
    path: paths.storyItems(12),
    routes: () => storyApi(),
    failing: `GET ${STORY}/instances`,
    text: { en: 'Failed to get item instances', cs: 'Instance položek se nepodařilo načíst' },
  },
  {
    name: 'reading the catalog items a story is built from',
    path: paths.storyItems(12),
    routes: () => storyApi(),
    failing: `GET ${STORY}/catalog`,
    text: { en: 'Cannot load catalog items', cs: 'Položky katalogu se nepodařilo načíst' },
  },
  {
    name: 'showing the group tree of a catalog',
    path: ITEMS_PAGE,
    routes: catalogWithItem,
    failing: `GET ${CATALOG}/groups`,
    text: { en: 'Cannot load groups', cs: 'Skupiny se nepodařilo načíst' },
  },
  {
    name: 'choosing a group in the item editor',
    path: EDIT_PAGE,
    routes: catalogWithItem,
    failing: `GET ${CATALOG}/groups`,
    text: { en: 'Failed to get group hierarchy', cs: 'Hierarchii skupin se nepodařilo načíst' },
  },
  {
    name: 'opening an item to edit',
    path: EDIT_PAGE,
    routes: catalogWithItem,
    failing: `GET ${CATALOG}/items/100`,
    text: { en: 'Cannot get items', cs: 'Položky se nepodařilo načíst' },
  },
  {
    name: 'renaming a group',
    path: ITEMS_PAGE,
    routes: catalogWithItem,
    failing: `GET ${CATALOG}/groups/10`,
    act: (user) => groupAction(user, { en: 'Rename', cs: 'Přejmenovat' }, locale()),
    text: { en: 'Cannot get group', cs: 'Skupinu se nepodařilo načíst' },
  },
  {
    name: 'adding a sub-group',
    path: ITEMS_PAGE,
    routes: catalogWithItem,
    failing: `GET ${CATALOG}/groups/10`,
    act: (user) => groupAction(user, { en: 'Add a sub-group', cs: 'Přidat podskupinu' }, locale()),
    text: { en: 'Cannot get parent group', cs: 'Nadřazenou skupinu se nepodařilo načíst' },
  },
  {
    name: 'listing the catalogs',
    path: '/ctl',
    routes: () => ({}),
    failing: `GET ${API}/catalogs`,
    text: { en: 'Cannot load catalogs', cs: 'Katalogy se nepodařilo načíst' },
  },
  {
    name: 'listing the stories',
    path: '/',
    routes: () => ({}),
    failing: `GET ${STORY.replace('/12', '')}`,
    text: { en: 'Cannot load stories', cs: 'Příběhy se nepodařilo načíst' },
  },
  {
    name: 'calculating a story’s summary',
    path: '/story-detail/12/summary/roles',
    routes: () => storyApi(),
    failing: `GET ${STORY}/calculation`,
    text: { en: 'Cannot load story calculation', cs: 'Kalkulaci příběhu se nepodařilo načíst' },
  },
];

function locale(): 'en' | 'cs' {
  return window.localStorage.getItem('locale') === 'cs' ? 'cs' : 'en';
}

describe.each(['en', 'cs'] as const)('load failures in %s', (language) => {
  it.each(CASES)('says so when $name fails', async (failure) => {
    if (language === 'cs') window.localStorage.setItem('locale', 'cs');
    const routes = failure.routes();
    const answer = routes[failure.failing];
    let failed = 0;
    const { callsTo } = stubFetch({
      ...routes,
      // Fails once with a client error (which the app does not retry); trying again gets the usual answer.
      [failure.failing]: (request) => {
        failed += 1;
        return failed === 1 || !answer ? problemResponse(403, 'FORBIDDEN') : answer(request);
      },
    });
    const { user } = renderApp(failure.path);
    await failure.act?.(user);
    const toast = await screen.findByText(failure.text[language], { selector: '[role="alert"] *' });
    expect(toast).toBeInTheDocument();
    expect(callsTo(failure.failing).length).toBeGreaterThan(0);
  });
});
