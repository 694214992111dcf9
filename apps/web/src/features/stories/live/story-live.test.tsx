// The live story on the items page: another member's change refetches the instances, marks the row and is announced while the grid keeps focus and typing; presence avatars; the editor's conflict alert (take theirs, keep mine); the end of access.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Instance } from '@costory/shared';
import { jsonResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { createAccessToken, renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createInstance,
  createStoryCatalog,
  createStoryCatalogItem,
  storyApi,
} from '../test/story-fixtures';
import { controlledStream, type ControlledStream } from './test/live-stream-stub';

configureQueries();

const PAGE = '/story-detail/12/items/groups/itemsLabels';
const API = '/api/v1/stories/12';
const ME = 42;
/** The token's subject: an external sign-in issuer's, not the user's id (hello says that). */
const TOKEN_SUBJECT = '9001';
const PETR = { id: 7, name: 'Petr Svoboda' };
const catalog = createStoryCatalog({ items: [createStoryCatalogItem()] });

function change(id: number, instanceId: number, type = 'INSTANCE_UPDATED', actor = PETR) {
  return { id, type, instanceId, actor, at: '2026-11-28T10:00:00.000Z' };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('button', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/** The story's API with a live stream the test drives, and instances it can change. */
function liveApi(overrides: Record<string, Handler> = {}) {
  const streams: ControlledStream[] = [];
  const state: { instances: Instance[] } = {
    instances: [
      createInstance(),
      createInstance({ id: 22, name: 'Side trench', values: { length: 10 } }),
    ],
  };
  const stub = stubFetch({
    ...storyApi({ catalog }),
    [`GET ${API}/instances`]: () => jsonResponse({ items: state.instances, nextCursor: null }),
    [`GET ${API}/live`]: () => {
      const stream = controlledStream();
      streams.push(stream);
      return stream.response;
    },
    [`PUT ${API}/live/c1`]: () => new Response(null, { status: 204 }),
    ...overrides,
  });
  const render = () =>
    renderApp(PAGE, { accessToken: createAccessToken({ sub: TOKEN_SUBJECT, exp: 4_000_000_000 }) });
  const stream = async () => {
    await waitFor(() => expect(streams.length).toBeGreaterThan(0));
    return streams[streams.length - 1] as ControlledStream;
  };
  return { ...stub, state, streams, render, stream };
}

describe('the live story', () => {
  it('refetches the instances on another member’s change, marks the row and says who did what, while the grid keeps focus and typing', async () => {
    const api = liveApi();
    const { user } = api.render();
    const sideRow = await waitFor(() => rowOf('Side trench'));
    const stream = await api.stream();
    stream.event('hello', { connectionId: 'c1', userId: ME }, 40);

    // The user is typing in another row.
    const sideLength = within(sideRow).getByRole('textbox', { name: 'Length (Side trench)' });
    await user.clear(sideLength);
    await user.type(sideLength, '15');
    const listCalls = api.callsTo(`GET ${API}/instances`).length;

    api.state.instances = [
      createInstance({ values: { length: 50 }, price: '8550.00', revision: 2 }),
      ...api.state.instances.slice(1),
    ];
    stream.event('change', change(41, 21), 41);

    await waitFor(() => expect(api.callsTo(`GET ${API}/instances`).length).toBe(listCalls + 1));
    await waitFor(() =>
      expect(
        within(rowOf('Main trench')).getByRole('textbox', { name: 'Length (Main trench)' }),
      ).toHaveValue('50'),
    );
    expect(rowOf('Main trench')).toHaveAttribute('data-live-marked');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Changes by others' })).toHaveTextContent(
        'Petr Svoboda changed an instance',
      ),
    );
    // The other row is the same element, still focused, with what was typed.
    expect(rowOf('Side trench')).toBe(sideRow);
    expect(sideLength).toHaveFocus();
    expect(sideLength).toHaveValue('15');
  });

  it('makes a burst of changes one refetch and one notice, and does not announce the user’s own changes', async () => {
    const api = liveApi();
    api.render();
    await waitFor(() => rowOf('Main trench'));
    const stream = await api.stream();
    stream.event('hello', { connectionId: 'c1', userId: ME }, 40);
    await waitFor(() => expect(api.callsTo(`GET ${API}/instances`)).toHaveLength(1));
    let text = '';
    for (let id = 41; id <= 52; id += 1) {
      text += `event: change\nid: ${id}\ndata: ${JSON.stringify(change(id, 21, 'INSTANCE_CREATED'))}\n\n`;
    }
    text += `event: change\nid: 53\ndata: ${JSON.stringify(
      change(53, 22, 'INSTANCE_UPDATED', { id: ME, name: 'Jana Nováková' }),
    )}\n\n`;
    stream.send(text);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Changes by others' })).toHaveTextContent(
        'Petr Svoboda made 12 changes',
      ),
    );
    expect(screen.getByRole('status', { name: 'Changes by others' })).not.toHaveTextContent('Jana');
    await waitFor(() => expect(api.callsTo(`GET ${API}/instances`)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo(`GET ${API}/instances`)).toHaveLength(2);
    expect(rowOf('Side trench')).not.toHaveAttribute('data-live-marked');
  });

  it('counts another member’s changes in Czech with the right plural', async () => {
    window.localStorage.setItem('locale', 'cs');
    const api = liveApi();
    api.render();
    await waitFor(() => rowOf('Main trench'));
    const stream = await api.stream();
    stream.event('hello', { connectionId: 'c1', userId: ME }, 40);
    stream.event('change', change(41, 21), 41);
    stream.event('change', change(42, 22), 42);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Změny od ostatních' })).toHaveTextContent(
        'Petr Svoboda provedl(a) 2 změny',
      ),
    );
  });

  it('shows who else has the story open and which instance they edit', async () => {
    const api = liveApi();
    api.render();
    await waitFor(() => rowOf('Side trench'));
    const stream = await api.stream();
    stream.event('hello', { connectionId: 'c1', userId: ME }, 40);
    stream.event('presence', {
      people: [
        { userId: ME, name: 'Jana Nováková', editingInstanceIds: [] },
        { userId: PETR.id, name: PETR.name, editingInstanceIds: [22] },
      ],
    });
    const others = await screen.findByRole('group', { name: 'Also in this story' });
    expect(within(others).getByLabelText('Petr Svoboda')).toHaveTextContent('PS');
    expect(within(others).queryByLabelText('Jana Nováková')).not.toBeInTheDocument();
    expect(
      await within(rowOf('Side trench')).findByText('Petr Svoboda is editing this instance'),
    ).toBeInTheDocument();
    expect(within(rowOf('Main trench')).queryByText(/is editing/)).not.toBeInTheDocument();
  });

  it('tells the server which instance the editor has open, and shows another member’s save in it: keep mine, then take theirs', async () => {
    const theirs = createInstance({ name: 'Their trench', values: { length: 44 }, revision: 2 });
    const newer = createInstance({ name: 'Newest trench', values: { length: 46 }, revision: 3 });
    let served = theirs;
    const api = liveApi({
      [`GET ${API}/instances/21`]: () => jsonResponse(served),
      [`PUT ${API}/instances/21`]: (request) =>
        jsonResponse({ ...createInstance(), ...(request.json() as object), revision: 4 }),
    });
    const { user } = api.render();
    await waitFor(() => rowOf('Main trench'));
    const stream = await api.stream();
    stream.event('hello', { connectionId: 'c1', userId: ME }, 40);
    await user.click(rowOf('Main trench').querySelector('button') as HTMLElement);
    const editor = await screen.findByRole('dialog', { name: 'Instance of Trench' });
    await waitFor(() => expect(api.callsTo(`PUT ${API}/live/c1`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${API}/live/c1`)[0]?.json()).toEqual({ editingInstanceId: 21 });

    const length = within(editor).getByRole('textbox', { name: 'Length' });
    await user.clear(length);
    await user.type(length, '33');
    stream.event('change', change(41, 21), 41);
    const alert = await within(editor).findByRole('alert');
    expect(alert).toHaveTextContent('Petr Svoboda saved this instance meanwhile.');
    expect(await within(alert).findByText('Length: 44')).toBeInTheDocument();
    expect(length).toHaveValue('33');
    await user.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    expect(within(editor).queryByRole('alert')).not.toBeInTheDocument();
    expect(length).toHaveValue('33');

    served = newer;
    stream.event('change', change(42, 21), 42);
    const again = await within(editor).findByRole('alert');
    await within(again).findByText('Length: 46');
    await user.click(within(again).getByRole('button', { name: 'Take their values' }));
    expect(within(editor).getByRole('textbox', { name: 'Length' })).toHaveValue('46');
    expect(within(editor).getByRole('textbox', { name: 'Instance name (optional)' })).toHaveValue(
      'Newest trench',
    );

    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${API}/instances/21`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${API}/instances/21`)[0]?.json()).toMatchObject({
      revision: 3,
      values: { length: 46 },
    });
    await waitFor(() =>
      expect(api.callsTo(`PUT ${API}/live/c1`).at(-1)?.json()).toEqual({ editingInstanceId: null }),
    );
  });

  it('says when another member deleted the instance being edited and disables saving', async () => {
    const api = liveApi();
    const { user } = api.render();
    await waitFor(() => rowOf('Main trench'));
    const stream = await api.stream();
    stream.event('hello', { connectionId: 'c1', userId: ME }, 40);
    await user.click(rowOf('Main trench').querySelector('button') as HTMLElement);
    const editor = await screen.findByRole('dialog', { name: 'Instance of Trench' });
    // The user's own save (another tab): no conflict, nothing re-read.
    stream.event(
      'change',
      change(40, 21, 'INSTANCE_UPDATED', { id: ME, name: 'Jana Nováková' }),
      40,
    );
    stream.event('change', change(41, 21, 'INSTANCE_DELETED'), 41);
    expect(await within(editor).findByRole('alert')).toHaveTextContent(
      'Petr Svoboda deleted this instance meanwhile.',
    );
    expect(within(editor).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(api.callsTo(`GET ${API}/instances/21`)).toHaveLength(0);
  });

  it('reconnects after the stream ends, with the last event id, and then refetches everything of the story', async () => {
    const api = liveApi();
    api.render();
    await waitFor(() => rowOf('Main trench'));
    const first = await api.stream();
    first.event('hello', { connectionId: 'c1', userId: ME }, 40);
    first.event('change', change(41, 21, 'LABEL_CREATED'), 41);
    await waitFor(() => expect(api.callsTo(`GET ${API}/labels`).length).toBeGreaterThan(1));
    const storyReads = api.callsTo(`GET ${API}`).length;
    first.close();
    await waitFor(() => expect(api.streams).toHaveLength(2), { timeout: 3_000 });
    expect(api.callsTo(`GET ${API}/live`)[1]?.headers.get('Last-Event-ID')).toBe('41');
    api.streams[1]?.event('hello', { connectionId: 'c1', userId: ME }, 41);
    await waitFor(() => expect(api.callsTo(`GET ${API}`).length).toBeGreaterThan(storyReads));
  });

  it('says when access is lost, offers the story list and does not reconnect', async () => {
    const api = liveApi();
    const { user, router } = api.render();
    await waitFor(() => rowOf('Main trench'));
    const stream = await api.stream();
    stream.event('hello', { connectionId: 'c1', userId: ME }, 40);
    stream.event('gone', { reason: 'ACCESS_LOST' });
    stream.close();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You no longer have access to this story.',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(api.streams).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Go to the story list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
