// Journey: the shell passes axe's WCAG 2 A/AA checks in both themes and both languages.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/session';

for (const { path, locale } of [
  { path: '/', locale: 'en' },
  { path: '/ctl', locale: 'cs' },
  { path: '/story-detail/3/summary/roles', locale: 'en' },
]) {
  test(`${path} in ${locale} has no accessibility violations`, async ({ signedInPage: page }) => {
    await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const violations = results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.help}`);
    expect(violations).toEqual([]);
  });
}
