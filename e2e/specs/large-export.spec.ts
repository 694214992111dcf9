// Journey: a planner downloads a large story's instance summary as a PDF; the server renders it in the background, the page shows its progress, and the file arrives under its name.
import { execFileSync } from 'node:child_process';
import { test } from '@playwright/test';
import {
  accessTokenOf,
  CatalogApi,
  expect,
  registerConfirmedUser,
  signedInPage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

// global-setup renders exports of 40 rows or more as jobs.
const INSTANCES = 45;

test('a large export is prepared on the server with its progress shown, then downloaded', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const planner = testUser(tag, 'large', 'Lada', 'Velká');
  await registerConfirmedUser(baseURL, planner);
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, planner));
  const { storyId, itemIdOf } = await api.createSoftwareStory(`Large ${tag}`);
  for (let n = 1; n <= INSTANCES; n += 1) {
    await api.post(`/stories/${storyId}/instances`, {
      itemId: itemIdOf('Data entry form'),
      name: `Form ${n}`,
      description: '',
      optional: false,
      level: 1,
      values: { fields: n },
      labelIds: [],
    });
  }

  const page = await signedInPage(browser, planner);
  await page.goto(`/story-detail/${storyId}/summary/ict/export`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Summary by instances – export' }),
  ).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  // The page polls the job every second: its status stays on screen at least that long.
  await expect(
    page.getByRole('status').getByText(/^Preparing the PDF on the server(…|: \d+ %)$/),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('large-export-progress.png') });
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = testInfo.outputPath('large.pdf');
  await download.saveAs(file);
  await expect(toasts(page).getByText(/^Downloaded /)).toBeVisible();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Large ${tag}`);
  expect(text).toContain(`Form ${INSTANCES}`);
  // The progress is gone (the page's other polite regions, e.g. the live notices, stay).
  await expect(page.getByRole('status').filter({ hasText: /Preparing the PDF/ })).toHaveCount(0);
});
