// Journey: a developer opens the API documentation, authorizes it with a personal API token and tries a call from the page itself; without the token the same call is refused.
import { test } from '@playwright/test';
import {
  accessTokenOf,
  CatalogApi,
  expect,
  registerConfirmedUser,
  testUser,
  uniqueTag,
} from '../fixtures/catalog';

test('the API documentation accepts a personal token to try calls', async ({ page, baseURL }) => {
  const tag = uniqueTag();
  const user = testUser(tag, 'docs', 'Dana', 'Dokumentová');
  await registerConfirmedUser(baseURL, user);
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, user));
  const { secret } = await api.post<{ secret: string }>('/me/api-tokens', {
    name: `Docs ${tag}`,
    scope: 'READ',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

  await page.goto('/api/docs');
  const stories = page.locator('.opblock-get', {
    has: page.locator('.opblock-summary-path[data-path="/api/v1/stories"]'),
  });
  await expect(stories).toBeVisible();

  /** Tries GET /api/v1/stories from the page and answers the status it shows. */
  async function tryStories(): Promise<string> {
    if (!(await stories.locator('.opblock-body').isVisible())) {
      await stories.locator('.opblock-summary-control').click();
    }
    const tryOut = stories.getByRole('button', { name: 'Try it out' });
    if (await tryOut.isVisible()) await tryOut.click();
    await stories.getByRole('button', { name: 'Execute' }).click();
    const status = stories.locator('.live-responses-table tbody .response-col_status').first();
    await expect(status).toHaveText(/\d{3}/);
    return ((await status.textContent()) ?? '').trim().slice(0, 3);
  }

  expect(await tryStories()).toBe('401');

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(secret);
  await page.getByRole('button', { name: 'Apply credentials' }).click();
  await page.locator('.auth-btn-wrapper .btn-done').click();

  expect(await tryStories()).toBe('200');
});
