// When each language's texts load: the first page's with it, the others only after a signed-in page has been shown.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const idleTasks: (() => void)[] = [];
vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    idleTasks.push(task);
    return () => undefined;
  },
}));

const { i18n, initI18n, loadPageTexts, loadStartupTexts } = await import('@/i18n');

// The tests run in order on one i18n instance: the sign-in page's visit comes first.
describe('loading texts', () => {
  beforeEach(() => {
    idleTasks.length = 0;
    initI18n();
  });

  it('a sign-in page loads only its own language’s startup texts and schedules nothing more', async () => {
    await loadStartupTexts('en');
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'stories')).toBe(false);
    expect(i18n.hasResourceBundle('cs', 'auth')).toBe(false);
    expect(idleTasks).toHaveLength(0);
  });

  it('a signed-in page loads its language’s page texts, then every language once idle, once', async () => {
    await loadPageTexts();
    expect(i18n.hasResourceBundle('en', 'stories')).toBe(true);
    expect(i18n.hasResourceBundle('cs', 'stories')).toBe(false);
    await loadPageTexts();
    expect(idleTasks).toHaveLength(1);

    idleTasks[0]?.();
    await vi.waitFor(() => expect(i18n.hasResourceBundle('cs', 'stories')).toBe(true));
    expect(i18n.hasResourceBundle('cs', 'auth')).toBe(true);
  });
});
