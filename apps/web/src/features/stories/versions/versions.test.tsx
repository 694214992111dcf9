// Story versions in the web (decision 0042): the overview's list with its figures in English and Czech, freezing (success and
// the duplicate name on its field), deleting after a confirmation, the buttons a role without the right does not get, and the
// read-only version page with its frozen totals, summaries and lineups.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lineup, Story, StoryVersion } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createStory,
  createStoryVersion,
  createStoryVersionDetail,
  storyApi,
} from '../test/story-fixtures';

configureQueries();

const API = '/api/v1/stories/12';

const LATEST = createStoryVersion({
  id: 8,
  name: 'Quote for Novák, 25 Nov',
  note: 'Sent by e-mail',
  total: { price: '1234567.50', mandays: 12.25 },
  instanceCount: 3,
  errorCount: 2,
});
const OLDER = createStoryVersion({
  id: 7,
  name: 'First draft',
  note: '',
  createdAt: '2025-11-20T08:00:00.000Z',
  createdBy: null,
});

function overviewApi(story: Story, versions: StoryVersion[]) {
  return {
    ...storyApi({ story, versions }),
    [`GET ${API}/events`]: () => jsonResponse({ items: [], nextCursor: null }),
  };
}

async function findVersionRow(name: string) {
  const link = await screen.findByRole('link', { name });
  return link.closest('tr') as HTMLElement;
}

describe('the versions section of the story overview', () => {
  it('lists the versions newest first with their figures, each linking to its page', async () => {
    stubFetch(overviewApi(createStory(), [LATEST, OLDER]));
    renderApp('/story-detail/12');
    const section = await screen.findByRole('region', { name: 'Versions' });
    const row = await findVersionRow('Quote for Novák, 25 Nov');
    expect(within(row).getByRole('link', { name: 'Quote for Novák, 25 Nov' })).toHaveAttribute(
      'href',
      '/story-detail/12/versions/8',
    );
    expect(
      within(row).getByRole('link', {
        name: 'Compare Quote for Novák, 25 Nov with the live story',
      }),
    ).toHaveAttribute('href', '/story-detail/12/versions/compare?from=8&to=live');
    expect(within(section).getByRole('link', { name: 'Compare versions' })).toHaveAttribute(
      'href',
      '/story-detail/12/versions/compare',
    );
    for (const text of ['Sent by e-mail', '€1,234,567.50', '12.25 MD', '3 instances']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText('2 formula errors')).toBeInTheDocument();
    expect(within(row).getByText(/by Jana Nováková$/)).toBeInTheDocument();
    const names = within(section)
      .getAllByRole('link')
      .filter((link) => !link.getAttribute('href')?.includes('/compare'))
      .map((link) => link.textContent);
    expect(names).toEqual(['Quote for Novák, 25 Nov', 'First draft']);
    const older = await findVersionRow('First draft');
    expect(within(older).getByText('1 instance')).toBeInTheDocument();
    expect(within(older).queryByText(/formula error/)).not.toBeInTheDocument();
  });

  it('writes the figures the Czech way', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(overviewApi(createStory(), [LATEST, OLDER]));
    renderApp('/story-detail/12');
    await screen.findByRole('region', { name: 'Verze' });
    const row = await findVersionRow('Quote for Novák, 25 Nov');
    // Testing Library reads no-break spaces as spaces.
    for (const text of ['1 234 567,50 €', '12,25 MD', '3 instance', '2 chyby ve vzorcích']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(await findVersionRow('First draft')).getByText('1 instance')).toBeInTheDocument();
  });

  it('explains what a version is for when there is none yet', async () => {
    stubFetch(overviewApi(createStory(), []));
    renderApp('/story-detail/12');
    expect(await screen.findByText('No versions yet')).toBeInTheDocument();
    expect(screen.getByText(/Freeze a version before you send a quote/)).toBeInTheDocument();
  });

  it('freezes a version with its note, says so and refreshes the list', async () => {
    let versions: StoryVersion[] = [];
    const { callsTo } = stubFetch({
      ...overviewApi(createStory(), []),
      [`GET ${API}/versions`]: () => jsonResponse(versions),
      [`POST ${API}/versions`]: () => {
        versions = [LATEST];
        return jsonResponse(LATEST, 201);
      },
    });
    const { user } = renderApp('/story-detail/12');
    await user.click(await screen.findByRole('button', { name: 'Freeze version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze a version of the story' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Name' }),
      'Quote for Novák, 25 Nov',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      'Sent by e-mail',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(callsTo(`POST ${API}/versions`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/versions`)[0]?.json()).toEqual({
      name: 'Quote for Novák, 25 Nov',
      note: 'Sent by e-mail',
    });
    expect(await screen.findByText('Version Quote for Novák, 25 Nov frozen')).toBeInTheDocument();
    expect(await findVersionRow('Quote for Novák, 25 Nov')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('requires a name and shows the server’s duplicate-name message on the field, keeping the input', async () => {
    const { callsTo } = stubFetch({
      ...overviewApi(createStory(), [LATEST]),
      [`POST ${API}/versions`]: () =>
        problemResponse(400, 'VALIDATION_FAILED', [
          {
            field: 'name',
            rule: 'story_version_name_taken',
            message: 'Another version of this story already has this name.',
          },
        ]),
    });
    const { user } = renderApp('/story-detail/12');
    await user.click(await screen.findByRole('button', { name: 'Freeze version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze a version of the story' });
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByText(/version name/i)).toBeInTheDocument();
    expect(callsTo(`POST ${API}/versions`)).toHaveLength(0);

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'quote for novák, 25 nov');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(
      await within(dialog).findByText('Another version of this story already has this name.'),
    ).toBeInTheDocument();
    expect(name).toHaveValue('quote for novák, 25 nov');
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes a version only after a confirmation naming it', async () => {
    let versions = [LATEST, OLDER];
    const { callsTo } = stubFetch({
      ...overviewApi(createStory(), []),
      [`GET ${API}/versions`]: () => jsonResponse(versions),
      [`DELETE ${API}/versions/8`]: () => {
        versions = [OLDER];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/story-detail/12');
    const remove = await screen.findByRole('button', {
      name: 'Delete version Quote for Novák, 25 Nov',
    });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Delete version?' });
    expect(
      within(dialog).getByText(
        'Version “Quote for Novák, 25 Nov” and its frozen figures are deleted. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(`DELETE ${API}/versions/8`)).toHaveLength(0);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Delete version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/versions/8`)).toHaveLength(1));
    expect(
      await screen.findByText('Quote for Novák, 25 Nov deleted successfully'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: 'Quote for Novák, 25 Nov' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('offers a modeler freezing but not deleting, and a verifier neither', async () => {
    stubFetch(overviewApi(createStory({ myRole: 'ICT_MODELER' }), [LATEST]));
    const { unmount } = renderApp('/story-detail/12');
    await findVersionRow('Quote for Novák, 25 Nov');
    expect(screen.getByRole('button', { name: 'Freeze version' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete version/ })).not.toBeInTheDocument();
    unmount();

    stubFetch(overviewApi(createStory({ myRole: 'ICT_VERIFIER' }), [LATEST]));
    renderApp('/story-detail/12');
    await findVersionRow('Quote for Novák, 25 Nov');
    expect(screen.queryByRole('button', { name: 'Freeze version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete version/ })).not.toBeInTheDocument();
  });

  it('shows a customer the versions without prices', async () => {
    const unpriced = createStoryVersion({ total: { price: null, mandays: 7.5 } });
    stubFetch(overviewApi(createStory({ myRole: 'ICT_CUSTOMER', price: null }), [unpriced]));
    renderApp('/story-detail/12');
    const row = await findVersionRow('Quote for Novák, 25 Nov');
    expect(within(row).getByText('7.5 MD')).toBeInTheDocument();
    expect(within(row).queryByText(/€/)).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Price' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freeze version' })).not.toBeInTheDocument();
  });
});

const LINEUP: Lineup = {
  id: 3,
  storyId: 12,
  name: 'Brno builders',
  description: '',
  supplier: { id: 31, name: 'Stavby Brno' },
  subscriber: { id: 40, name: 'Novák a syn' },
  customPrices: [],
  sharedWith: [],
  total: { price: '3990.00', mandays: 7.5 },
  optional: { price: '0.00', mandays: 0 },
  errorCount: 0,
  unpricedInstances: 0,
  version: 2,
  createdAt: '2025-11-01T09:00:00.000Z',
  updatedAt: '2025-11-01T09:00:00.000Z',
};

function versionApi(story: Story = createStory()) {
  return {
    // The live story prices the digger at 85.50 now: 5,130.00.
    ...storyApi({ story }),
    [`GET ${API}/versions/7`]: () => jsonResponse(createStoryVersionDetail()),
    [`GET ${API}/versions/7/lineups`]: () => jsonResponse([LINEUP]),
  };
}

describe('the version page', () => {
  it('says the version is read-only and shows its frozen totals and lineups, with no editing', async () => {
    const { callsTo } = stubFetch(versionApi());
    renderApp('/story-detail/12/versions/7');
    expect(
      await screen.findByText(
        /^Version “Quote for Novák, 25 Nov” frozen on .* by Jana Nováková — read-only$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Sent by e-mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare with the live story' })).toHaveAttribute(
      'href',
      '/story-detail/12/versions/compare?from=7&to=live',
    );
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getAllByText('€4,275.00').length).toBeGreaterThan(0);
    expect(screen.queryByText('€5,130.00')).not.toBeInTheDocument();
    const digger = screen.getByRole('cell', { name: /Digger/ }).closest('tr') as HTMLElement;
    expect(within(digger).getByText('€71.25')).toBeInTheDocument();
    const lineups = await screen.findByRole('table', { name: 'Lineups as frozen' });
    const lineup = within(lineups).getByText('Brno builders').closest('tr') as HTMLElement;
    expect(within(lineup).getByText('€3,990.00')).toBeInTheDocument();
    expect(within(lineup).getByText('Stavby Brno → Novák a syn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit|delete|freeze/i })).not.toBeInTheDocument();
    // The live calculation is never asked for: every figure is the version's.
    expect(callsTo(`GET ${API}/calculation`)).toHaveLength(0);
  });

  it('lists the formula errors frozen with the version by its own names, without the live items', async () => {
    const detail = createStoryVersionDetail();
    const { callsTo } = stubFetch({
      ...versionApi(),
      [`GET ${API}/versions/7`]: () =>
        jsonResponse({
          ...detail,
          errorCount: 1,
          calculation: {
            ...detail.calculation,
            errors: [
              {
                instanceId: 21,
                itemId: 30,
                roleId: 5,
                level: 1,
                inputs: { length: null },
                unitPrice: '71.25',
                expression: 'length * 2',
                error: { code: 'MISSING_VALUE', attribute: 'length' },
              },
            ],
          },
        }),
    });
    const { user } = renderApp('/story-detail/12/versions/7');
    await user.click(await screen.findByRole('button', { name: 'Number of errors in formula: 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors in formulas' });
    expect(within(dialog).getByText('North trench')).toBeInTheDocument();
    expect(within(dialog).getByText('Trench (TRENCH)')).toBeInTheDocument();
    expect(within(dialog).getByText('length * 2')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    // The names are the version's: the live instances are never read.
    expect(callsTo(`GET ${API}/instances`)).toHaveLength(0);
  });

  it('switches between the summaries in the address, naming the frozen instances', async () => {
    stubFetch(versionApi());
    const { user, router } = renderApp('/story-detail/12/versions/7');
    await user.click(await screen.findByRole('tab', { name: 'Instances' }));
    expect(router.state.location.search).toBe('?view=ict');
    const instances = await screen.findByRole('table', { name: 'Instances' });
    expect(await within(instances).findByText('North trench')).toBeInTheDocument();
    expect(within(instances).getByText('TRENCH')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Phases' }));
    expect(await screen.findByRole('cell', { name: 'Build' })).toBeInTheDocument();
  });

  it('shows the banner and figures in Czech, and a customer no prices', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch({
      ...versionApi(createStory({ myRole: 'ICT_CUSTOMER', price: null })),
      [`GET ${API}/versions/7`]: () => {
        const detail = createStoryVersionDetail();
        const unpriced = { price: null, mandays: 7.5 };
        return jsonResponse({
          ...detail,
          total: unpriced,
          calculation: {
            ...detail.calculation,
            total: unpriced,
            optional: { price: null, mandays: 0 },
            byRole: [{ roleId: 5, amount: 60, unitPrice: null, ...unpriced }],
          },
        });
      },
    });
    renderApp('/story-detail/12/versions/7');
    expect(
      await screen.findByText(
        /^Verze „Quote for Novák, 25 Nov“ zmrazená .*, autor Jana Nováková — pouze pro čtení$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('7,5 MD').length).toBeGreaterThan(0);
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
  });

  it('shows the not-found page for a version that does not exist', async () => {
    stubFetch({
      ...versionApi(),
      [`GET ${API}/versions/7`]: () => problemResponse(404, 'NOT_FOUND'),
    });
    renderApp('/story-detail/12/versions/7');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
