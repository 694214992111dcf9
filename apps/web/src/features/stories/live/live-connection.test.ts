// The live connection: "me" is the user id the stream's hello says (not the token's subject), and the editor's instance reported before the connection's code loaded is sent after hello.
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { stubFetch } from '@/test/fetch-stub';
import { createAccessToken } from '@/test/render-app';
import { connectLive } from './live-connection';
import { LiveStore } from './live-store';
import { controlledStream, type ControlledStream } from './test/live-stream-stub';

const API = '/api/v1/stories/12';

function setUp() {
  const streams: ControlledStream[] = [];
  const api = stubFetch({
    [`GET ${API}/live`]: () => {
      const stream = controlledStream();
      streams.push(stream);
      return stream.response;
    },
    [`PUT ${API}/live/c1`]: () => new Response(null, { status: 204 }),
  });
  const stream = async () => {
    await waitFor(() => expect(streams).toHaveLength(1));
    return streams[0] as ControlledStream;
  };
  return { api, stream };
}

describe('the live connection', () => {
  it('sends the instance the editor reported before the connection was set up, once hello comes', async () => {
    const { api, stream } = setUp();
    const live = new LiveStore();
    live.reportEditing(21);
    const stop = connectLive(12, live, new QueryClient());
    try {
      (await stream()).event('hello', { connectionId: 'c1', userId: 42 }, 40);
      await waitFor(() => expect(api.callsTo(`PUT ${API}/live/c1`)).toHaveLength(1));
      expect(api.callsTo(`PUT ${API}/live/c1`)[0]?.json()).toEqual({ editingInstanceId: 21 });
      live.reportEditing(null);
      await waitFor(() => expect(api.callsTo(`PUT ${API}/live/c1`)).toHaveLength(2));
      expect(api.callsTo(`PUT ${API}/live/c1`)[1]?.json()).toEqual({ editingInstanceId: null });
    } finally {
      stop();
    }
  });

  it('takes the user’s own id from hello, not from the token’s subject', async () => {
    window.sessionStorage.setItem(
      'accessToken',
      createAccessToken({ sub: '9001', exp: 4_000_000_000 }),
    );
    const { stream } = setUp();
    const live = new LiveStore();
    const stop = connectLive(12, live, new QueryClient());
    try {
      const open = await stream();
      open.event('hello', { connectionId: 'c1', userId: 42 }, 40);
      open.event(
        'change',
        {
          id: 41,
          type: 'INSTANCE_UPDATED',
          instanceId: 21,
          actor: { id: 42, name: 'Jana Nováková' },
          at: '2026-11-28T10:00:00.000Z',
        },
        41,
      );
      open.event(
        'change',
        {
          id: 42,
          type: 'INSTANCE_UPDATED',
          instanceId: 22,
          actor: { id: 7, name: 'Petr Svoboda' },
          at: '2026-11-28T10:00:00.000Z',
        },
        42,
      );
      await waitFor(() => expect(live.notice).not.toBeNull());
      expect(live.me).toBe(42);
      expect(live.notice?.people).toEqual([{ name: 'Petr Svoboda', types: ['INSTANCE_UPDATED'] }]);
      expect(live.rowKey(21)).toBe('0');
      expect(live.rowKey(22)).toBe('1');
    } finally {
      stop();
    }
  });
});
