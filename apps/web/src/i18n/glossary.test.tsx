// docs/glossary.md's summaries table is what the interface says: each summary's name in the story's drawer and in the summary tabs, and its page title, in English and Czech.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@costory/shared';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createInstance, storyApi } from '@/features/stories/test/story-fixtures';
// eslint-disable-next-line no-restricted-imports -- docs/ is outside the app; the test reads the glossary as text.
import glossary from '../../../../docs/glossary.md?raw';

configureQueries();

interface SummaryTerms {
  path: string;
  en: { name: string; title: string };
  cs: { name: string; title: string };
}

/** The rows of the glossary's "Summaries" table. */
function summaryTerms(): SummaryTerms[] {
  const section = glossary.split('## Summaries')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (Summary|-)/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, , path = '', enName = '', enTitle = '', csName = '', csTitle = '']) => ({
      path,
      en: { name: enName, title: enTitle },
      cs: { name: csName, title: csTitle },
    }));
}

const NAVIGATION = { en: 'Story navigation', cs: 'Navigace příběhu' } as const;

describe('the glossary’s summary names', () => {
  const terms = summaryTerms();

  it('lists the four summaries', () => {
    expect(terms.map((term) => term.path)).toEqual([
      'summary/roles',
      'summary/phases',
      'summary/ctl',
      'summary/ict',
    ]);
  });

  for (const locale of ['en', 'cs'] as const) {
    it.each(terms)(
      `are the drawer's, the tab's and the title's words for $path in ${locale}`,
      async (term) => {
        window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
        stubFetch(storyApi({ instances: [createInstance()] }));
        renderApp(`/story-detail/12/${term.path}`);
        const { name, title } = term[locale];

        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
        const drawer = screen.getAllByRole('navigation', { name: NAVIGATION[locale] })[0];
        expect(within(drawer as HTMLElement).getByRole('link', { name })).toBeInTheDocument();
        expect(await screen.findByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      },
    );
  }
});
