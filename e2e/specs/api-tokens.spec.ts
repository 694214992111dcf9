// Journey: a user creates a personal API token from the account menu, copies it while it is shown once, a script calls the API with it (curl-like, no cookies), a read-only token cannot write, and after revoking the token the script is refused.
import { test } from '@playwright/test';
import {
  expect,
  registerConfirmedUser,
  signedInPage,
  testUser,
  uniqueTag,
} from '../fixtures/catalog';

test('a personal API token lets a script call the API until it is revoked', async ({
  browser,
  baseURL,
}) => {
  const tag = uniqueTag();
  const user = testUser(tag, 'tokens', 'Tomáš', 'Tokenový');
  await registerConfirmedUser(baseURL, user);
  const page = await signedInPage(browser, user);

  await page.goto('/');
  await page.getByRole('button', { name: `Account of ${user.firstName} ${user.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/api-tokens$/);
  await expect(page.getByText('You have no API tokens.')).toBeVisible();

  /** Creates a token through the page and reads the secret it shows once. */
  async function createToken(name: string, access: 'Read only' | 'Read and write') {
    await page.getByRole('textbox', { name: 'Token name' }).fill(name);
    await page.getByRole('combobox', { name: 'Access' }).click();
    await page.getByRole('option', { name: access }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = page.getByLabel('New token');
    await expect(secret).toHaveValue(/^cst_/);
    return secret.inputValue();
  }

  const call = (secret: string, method = 'GET', body?: unknown) =>
    fetch(`${baseURL}/api/v1/stories`, {
      method,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const writer = await createToken(`ERP ${tag}`, 'Read and write');
  expect((await call(writer)).status).toBe(200);
  const list = page.getByRole('table', { name: 'Your API tokens' });
  await expect(list.getByRole('row', { name: new RegExp(`ERP ${tag}`) })).toBeVisible();

  const reader = await createToken(`Report ${tag}`, 'Read only');
  expect((await call(reader)).status).toBe(200);
  const refused = await call(reader, 'POST', { name: 'x', description: '', catalogId: 1 });
  expect(refused.status).toBe(403);

  await page.getByRole('button', { name: `Revoke ERP ${tag}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the token?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(list.getByRole('row', { name: new RegExp(`ERP ${tag}`) })).toHaveCount(0);
  const revoked = await call(writer);
  expect(revoked.status).toBe(401);
  expect(((await revoked.json()) as { detail: string }).detail).toMatch(/revoked/i);
});
