// The live stream client: events checked and handed over, a reconnection with Last-Event-ID after the stream ends, the end on `gone` or 404, token renewal on 401 and TOKEN_EXPIRED.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { LIVE_SILENCE_MS } from '@costory/shared';
import { setAccessTokenRefresher } from '@/lib/api-client';
import { problemResponse } from '@/test/fetch-stub';
import { openLiveStream, backoffDelay, type LiveStreamHandlers } from './live-stream';
import { controlledStream, type ControlledStream } from './test/live-stream-stub';

function handlers() {
  return {
    onHello: vi.fn(),
    onChange: vi.fn(),
    onFigures: vi.fn(),
    onPresence: vi.fn(),
    onReset: vi.fn(),
    onEnd: vi.fn(),
  } satisfies LiveStreamHandlers;
}

/** A fetch answering each connection with the next stream (or status); records the headers. */
function fakeServer(answers: (ControlledStream | number | (() => Response))[]) {
  const requests: Headers[] = [];
  const fetch = vi.fn((_url: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push(new Headers(init.headers));
    const next = answers.shift();
    if (next === undefined) return new Promise<Response>(() => undefined);
    if (typeof next === 'function') return Promise.resolve(next());
    return Promise.resolve(
      typeof next === 'number' ? new Response(null, { status: next }) : next.response,
    );
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, calls: fetch };
}

const change = (id: number, type = 'INSTANCE_UPDATED') => ({
  id,
  type,
  instanceId: 21,
  actor: { id: 7, name: 'Petr Svoboda' },
  at: '2026-11-28T10:00:00.000Z',
});

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('the live stream', () => {
  it('hands over valid events, ignores unknown names and bad data, and sends the token', async () => {
    window.sessionStorage.setItem('accessToken', 'token-1');
    const first = controlledStream();
    const server = fakeServer([first]);
    const on = handlers();
    const stream = openLiveStream({ storyId: 12, handlers: on, fetch: server.fetch });
    first.send(': ping\n\n');
    first.event('hello', { connectionId: 'c1', userId: 42 }, 40);
    first.event('weather', { sunny: true });
    first.event('change', { id: 'not a number' }, 41);
    first.event('change', change(41), 41);
    first.event('presence', {
      people: [{ userId: 7, name: 'Petr Svoboda', editingInstanceIds: [21] }],
    });
    first.event('figures', {});
    first.event('reset', {});
    await waitFor(() => expect(on.onReset).toHaveBeenCalled());
    expect(on.onHello).toHaveBeenCalledWith({ connectionId: 'c1', userId: 42 }, false);
    expect(on.onChange).toHaveBeenCalledTimes(1);
    expect(on.onChange).toHaveBeenCalledWith(change(41));
    expect(on.onPresence).toHaveBeenCalledTimes(1);
    expect(on.onFigures).toHaveBeenCalledTimes(1);
    expect(server.requests[0]?.get('Authorization')).toBe('Bearer token-1');
    expect(server.requests[0]?.has('Last-Event-ID')).toBe(false);
    stream.close();
  });

  it('reconnects after the stream ends, with the last event id, and says it reconnected', async () => {
    const first = controlledStream();
    const second = controlledStream();
    const server = fakeServer([first, second]);
    const on = handlers();
    const stream = openLiveStream({
      storyId: 12,
      handlers: on,
      fetch: server.fetch,
      random: () => 0,
    });
    first.event('hello', { connectionId: 'c1', userId: 42 }, 40);
    first.event('change', change(41), 41);
    await waitFor(() => expect(on.onChange).toHaveBeenCalled());
    first.close();
    await waitFor(() => expect(server.calls).toHaveBeenCalledTimes(2), { timeout: 2_000 });
    expect(server.requests[1]?.get('Last-Event-ID')).toBe('41');
    second.event('hello', { connectionId: 'c2', userId: 42 }, 41);
    await waitFor(() =>
      expect(on.onHello).toHaveBeenLastCalledWith({ connectionId: 'c2', userId: 42 }, true),
    );
    stream.close();
  });

  it('stops on gone (STORY_DELETED) and does not reconnect', async () => {
    const first = controlledStream();
    const server = fakeServer([first, controlledStream()]);
    const on = handlers();
    openLiveStream({ storyId: 12, handlers: on, fetch: server.fetch, random: () => 0 });
    first.event('hello', { connectionId: 'c1', userId: 42 }, 40);
    first.event('gone', { reason: 'STORY_DELETED' });
    first.event('change', change(41), 41);
    first.close();
    await waitFor(() => expect(on.onEnd).toHaveBeenCalledWith('STORY_DELETED'));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(server.calls).toHaveBeenCalledTimes(1);
    expect(on.onChange).not.toHaveBeenCalled();
  });

  it('ends on the API’s NOT_FOUND (404) or FORBIDDEN (403) problem without reconnecting', async () => {
    for (const [status, code] of [
      [404, 'NOT_FOUND'],
      [403, 'FORBIDDEN'],
    ] as const) {
      const server = fakeServer([() => problemResponse(status, code), controlledStream()]);
      const on = handlers();
      openLiveStream({ storyId: 12, handlers: on, fetch: server.fetch, random: () => 0 });
      await waitFor(() => expect(on.onEnd).toHaveBeenCalledWith('NOT_FOUND'));
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(server.calls).toHaveBeenCalledTimes(1);
    }
  });

  it('retries a 404 or 403 that is not the API’s problem (a proxy, an old server during a deploy)', async () => {
    const second = controlledStream();
    const server = fakeServer([
      () =>
        new Response('<html>Not Found</html>', {
          status: 404,
          headers: { 'Content-Type': 'text/html' },
        }),
      () => new Response(null, { status: 403 }),
      second,
    ]);
    const on = handlers();
    const stream = openLiveStream({
      storyId: 12,
      handlers: on,
      fetch: server.fetch,
      random: () => 0,
    });
    await waitFor(() => expect(server.calls).toHaveBeenCalledTimes(3), { timeout: 4_000 });
    second.event('hello', { connectionId: 'c1', userId: 42 }, 40);
    await waitFor(() => expect(on.onHello).toHaveBeenCalled());
    expect(on.onEnd).not.toHaveBeenCalled();
    stream.close();
  });

  it('aborts and reconnects a request that hangs before any answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const signals: AbortSignal[] = [];
      const fetch = vi.fn((_url: RequestInfo | URL, init: RequestInit = {}) => {
        if (init.signal) signals.push(init.signal);
        return new Promise<Response>(() => undefined);
      });
      const stream = openLiveStream({
        storyId: 12,
        handlers: handlers(),
        fetch,
        random: () => 0,
      });
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(LIVE_SILENCE_MS - 1);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(signals[0]?.aborted).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetch).toHaveBeenCalledTimes(2);
      stream.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews the token after a 401 and on TOKEN_EXPIRED, then connects with the new one', async () => {
    window.sessionStorage.setItem('accessToken', 'old');
    let renewals = 0;
    unregister = setAccessTokenRefresher(() => {
      renewals += 1;
      window.sessionStorage.setItem('accessToken', `new-${renewals}`);
      return Promise.resolve(true);
    });
    const second = controlledStream();
    const third = controlledStream();
    const server = fakeServer([401, second, third]);
    const on = handlers();
    const stream = openLiveStream({ storyId: 12, handlers: on, fetch: server.fetch });
    await waitFor(() => expect(server.calls).toHaveBeenCalledTimes(2));
    expect(server.requests[1]?.get('Authorization')).toBe('Bearer new-1');
    second.event('hello', { connectionId: 'c1', userId: 42 }, 40);
    second.event('gone', { reason: 'TOKEN_EXPIRED' });
    await waitFor(() => expect(server.calls).toHaveBeenCalledTimes(3));
    expect(server.requests[2]?.get('Authorization')).toBe('Bearer new-2');
    expect(server.requests[2]?.get('Last-Event-ID')).toBe('40');
    expect(on.onEnd).not.toHaveBeenCalled();
    stream.close();
  });

  it('backs off 1 s, 2 s, 5 s, then 15 s, with jitter', () => {
    expect([0, 1, 2, 3, 9].map((attempt) => backoffDelay(attempt, () => 0.5))).toEqual([
      1_000, 2_000, 5_000, 15_000, 15_000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1_200);
  });
});
