// Journey: an estimator builds a story from an instance sheet — the dry run points at the wrong cell by row and column, the fixed file adds the instances in one go, the grid and the total show them without a reload; the dialog in Czech.
import { test } from '@playwright/test';
import {
  accessTokenOf,
  CatalogApi,
  expect,
  registerConfirmedUser,
  signedInPage,
  switchLanguage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

const csvFile = (lines: readonly string[]) => ({
  name: 'instances.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
});

test('a story is built from an instance sheet, fixing what the dry run finds', async ({
  browser,
  baseURL,
}) => {
  const tag = uniqueTag();
  const user = testUser(tag, 'sheet', 'Simona', 'Tabulková');
  await registerConfirmedUser(baseURL, user);
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, user));
  const { storyId } = await api.createSoftwareStory(`Forms ${tag}`);
  const page = await signedInPage(browser, user);
  await page.goto(`/story-detail/${storyId}/items/groups/itemsLabels`);

  await page.getByRole('button', { name: 'Import instances' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import instances' });
  await dialog
    .getByTestId('import-file-input')
    .setInputFiles(
      csvFile([
        'item,name,level,value.fields,value.complexity',
        'FORM,Customer form,1,12,SIMPLE',
        'FORM,Order form,1,many,MEDIUM',
      ]),
    );
  const problem = dialog
    .getByRole('table', { name: 'Problems' })
    .getByRole('row')
    .filter({ hasText: 'value.fields' });
  await expect(problem).toContainText('3');
  await expect(dialog.getByRole('button', { name: /^Add \d+ instances?$/ })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await dialog
    .getByTestId('import-file-input')
    .setInputFiles(
      csvFile([
        'item,name,level,value.fields,value.complexity',
        'FORM,Customer form,1,12,SIMPLE',
        'FORM,Order form,1,20,MEDIUM',
      ]),
    );
  await dialog.getByRole('button', { name: 'Add 2 instances' }).click();
  const confirm = page.getByRole('dialog', { name: 'Add the instances?' });
  await confirm.getByRole('button', { name: 'Add' }).click();
  await expect(toasts(page)).toContainText('2 instances added');
  await expect(page.getByText('Customer form').first()).toBeVisible();
  await expect(page.getByText('Order form').first()).toBeVisible();

  // The same dialog in Czech names the problem in Czech.
  await switchLanguage(page, 'cs');
  await page.getByRole('button', { name: 'Importovat instance' }).click();
  const czech = page.getByRole('dialog', { name: 'Importovat instance' });
  await czech
    .getByTestId('import-file-input')
    .setInputFiles(csvFile(['item,name', 'NOPE,Neznámá položka']));
  await expect(
    czech.getByRole('table', { name: 'Problémy' }).getByRole('row').filter({ hasText: 'NOPE' }),
  ).toBeVisible();
});
