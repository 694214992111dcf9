// The story list's "New story" button: the form's code loads on demand and the dialog opens, in English and Czech.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@costory/shared';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';

configureQueries();

describe('New story button', () => {
  it.each([
    { locale: 'en', button: 'New story', field: 'Story name' },
    { locale: 'cs', button: 'Nový příběh', field: 'Název' },
  ])('opens the form in $locale', async ({ locale, button, field }) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    stubFetch({
      'GET /api/v1/stories': () => jsonResponse({ items: [], nextCursor: null }),
      'GET /api/v1/catalogs': () => jsonResponse({ items: [], nextCursor: null }),
    });
    const { user } = renderApp('/');
    const buttons = await screen.findAllByRole('button', { name: button });
    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: button });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${field}`) })).toBeInTheDocument();
  });
});
