import { test } from '@playwright/test';
import { demo, LOCALES } from '../fixtures/routes';
import { signIn } from '../fixtures/session';

for (const locale of LOCALES) {
  for (const [w, h] of [[1440, 900], [390, 844]] as const) {
    test(`shot ${locale} ${w}`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width: w, height: h });
      await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
      const ids = await demo(baseURL);
      await signIn(page);
      await page.goto(`/story-detail/${ids.storyId}/items/groups/itemsLabels`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/shots/items-${locale}-${w}.png` });
      if (w > 500) {
        const first = page.locator('[data-cell]').nth(2);
        await first.focus();
        await page.keyboard.type('abc');
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/shots/items-${locale}-${w}-invalid.png` });
        await page.keyboard.press('Escape');
        await page.evaluate(() => {
          const t = new DataTransfer();
          t.setData('text/plain', 'LOGIN\t4\nREPORT\t8\tyes\nNOPE\t1');
          document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: t, bubbles: true, cancelable: true }));
        });
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/shots/paste-${locale}.png` });
      }
    });
  }
}
