// The language switcher when a language's texts cannot be downloaded: the user is told, and nothing changes.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type * as I18nModule from '@/i18n';
import { renderApp } from '@/test/render-app';

const { failingLoads } = vi.hoisted(() => ({ failingLoads: { count: 0 } }));

vi.mock('@/i18n', async (importOriginal) => {
  const original = await importOriginal<typeof I18nModule>();
  return {
    ...original,
    changeLocale: async (...args: Parameters<typeof original.changeLocale>) => {
      if (failingLoads.count > 0) {
        failingLoads.count -= 1;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      return original.changeLocale(...args);
    },
  };
});

describe('language switcher with a failing download', () => {
  it('says the language could not be loaded, keeps the current one, and switches on the next try', async () => {
    const { user } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Stories' }),
    ).toBeInTheDocument();

    failingLoads.count = 1;
    await user.click(screen.getByRole('button', { name: 'Change language (current: English)' }));
    await user.click(
      within(screen.getByRole('menu', { name: 'Language' })).getByRole('menuitem', {
        name: 'Čeština',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Čeština could not be loaded. Check your connection and try again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My Stories' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Change language (current: English)' }));
    await user.click(
      within(screen.getByRole('menu', { name: 'Language' })).getByRole('menuitem', {
        name: 'Čeština',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Moje příběhy' }),
    ).toBeInTheDocument();
  });
});
