// Journey: the spec's route table: parameter parsing, case sensitivity, 404 and the auth guard.
import { expect, test } from '../fixtures/session';
test('story items route accepts a group and a label list and refuses other parameters', async ({
  signedInPage: page,
}) => {
  // Story 12 is not this user's: the route is matched, the story asked for and not found (the
  // parameters reaching the instance query are proved in routes.test.tsx and the labels journey).
  const storyQuery = page.waitForRequest((request) => request.url().endsWith('/api/v1/stories/12'));
  await page.goto('/story-detail/12/items/groups/3/itemsLabels/1,2');
  await storyQuery;
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.goto('/story-detail/12/items/groups/x7/itemsLabels/1');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.goto('/story-detail/12/items/groups/4/itemsLabels/1,a');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('catalogue item list route passes group and labels to the item query', async ({
  signedInPage: page,
}) => {
  const itemsQuery = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v1/catalogs/1/items?') &&
      new URL(request.url()).searchParams.get('groupId') === '2' &&
      new URL(request.url()).searchParams.get('labelIds') === '1,3',
  );
  await page.goto('/ctl/catalog-detail/1/item-list/groups/2/itemsLabels/1,3');
  await itemsQuery;

  await page.goto('/ctl/catalog-detail/1/item-list/groups/itemsLabels');
  await expect(page.getByRole('table', { name: 'Items' })).toBeVisible();

  await page.goto('/ctl/catalog-detail/1/item-list/groups/x2/itemsLabels');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('case-sensitive routes refuse other spellings', async ({ signedInPage: page }) => {
  await page.goto('/CTL');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/Company-Profile/1');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/company-profile/1');
  await expect(page.getByRole('heading', { name: 'Company profile' })).toBeVisible();
});

test('an auth route without a session stores the path and goes to /login', async ({ page }) => {
  await page.goto('/story-detail/4/summary/roles?tab=chart');
  await page.waitForURL(/\/login\?interaction=/);
  expect(await page.evaluate(() => sessionStorage.getItem('originalPath'))).toBe(
    '/story-detail/4/summary/roles?tab=chart',
  );
});

test('public routes open without a session', async ({ page }) => {
  const lookUp = page.waitForRequest((request) =>
    request.url().endsWith('/api/v1/access-codes/AbCdEf123'),
  );
  await page.goto('/public-access/AbCdEf123');
  await lookUp;
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page).toHaveURL(/\/public-access\/AbCdEf123$/);
});
