// The story list marks a story whose pinned item versions have newer ones waiting (decision 0043), with the count in the locale's digits, in English and Czech; a story with none has no mark.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory } from '../test/story-fixtures';

configureQueries();

const stories = [
  createStory({ id: 1, name: 'Office move', pinsItemVersions: true, upgradesWaiting: 1200 }),
  createStory({ id: 2, name: 'Warehouse', pinsItemVersions: true, upgradesWaiting: 0 }),
  createStory({ id: 3, name: 'Canteen' }),
];

async function rowOf(name: string) {
  return (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
}

describe('upgrades waiting in the story list', () => {
  it('shows how many items wait on the stories that have some', async () => {
    stubFetch({ 'GET /api/v1/stories': () => jsonResponse({ items: stories, nextCursor: null }) });
    renderApp('/');
    expect(within(await rowOf('Office move')).getByText('Upgrades waiting: 1,200')).toBeVisible();
    expect(
      within(await rowOf('Warehouse')).queryByText(/Upgrades waiting/),
    ).not.toBeInTheDocument();
    expect(within(await rowOf('Canteen')).queryByText(/Upgrades waiting/)).not.toBeInTheDocument();
  });

  it('says it in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch({ 'GET /api/v1/stories': () => jsonResponse({ items: stories, nextCursor: null }) });
    renderApp('/');
    expect(
      within(await rowOf('Office move')).getByText(/^Čekající aktualizace: 1\s200$/),
    ).toBeVisible();
  });
});
