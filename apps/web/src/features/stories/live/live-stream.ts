// The live stream of one story over fetch (EventSource cannot send the bearer token): SSE parsed by hand, payloads checked with the shared schemas, reconnection with backoff and Last-Event-ID, token renewal on 401.
import {
  LIVE_SILENCE_MS,
  liveChangeSchema,
  liveGoneSchema,
  liveHelloSchema,
  livePresenceSchema,
  storyLivePath,
  type LiveChange,
  type LiveGone,
  type LiveHello,
  type LivePresence,
} from '@costory/shared';
import { API_BASE_URL, readAccessToken, renewAccessToken } from '@/lib/api-client';
import { createSseParser, type SseEvent } from '@/lib/sse-parser';

/** Why the stream ended for good: the server's `gone`, or the API's NOT_FOUND / FORBIDDEN problem (no such story for this user). */
export type LiveEndReason = LiveGone['reason'] | 'NOT_FOUND';

export interface LiveStreamHandlers {
  /** The stream is open; `reconnected` after any earlier connection of this stream. */
  onHello: (hello: LiveHello, reconnected: boolean) => void;
  onChange: (change: LiveChange) => void;
  onFigures: () => void;
  onPresence: (presence: LivePresence) => void;
  onReset: () => void;
  /** The stream ended and is not reconnected. */
  onEnd: (reason: Exclude<LiveEndReason, 'TOKEN_EXPIRED'>) => void;
  /** The connection was lost (a reconnection is planned). */
  onDisconnect?: () => void;
}

export interface LiveStreamOptions {
  storyId: number;
  handlers: LiveStreamHandlers;
  fetch?: typeof fetch;
  /** 0..1; the jitter of the reconnection delays. */
  random?: () => number;
}

export interface LiveStream {
  close: () => void;
}

/** Delays before the 1st, 2nd, 3rd and any later reconnection. */
export const LIVE_BACKOFF_MS = [1_000, 2_000, 5_000, 15_000] as const;

/** A delay of the backoff with ±20 % jitter, so that many tabs do not come back at once. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = LIVE_BACKOFF_MS[Math.min(attempt, LIVE_BACKOFF_MS.length - 1)] ?? 15_000;
  return Math.round(base * (0.8 + 0.4 * random()));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The code of the API's problem (problem+json, as lib/api-client.ts reads it: a body whose `status`
 * is the answer's and whose `code` names the problem), or null for another server's answer (a
 * proxy's page, an empty body). Checked here rather than with the shared problem schema, so that
 * the app's first load does not export more to this lazy chunk.
 */
async function problemCode(response: Response): Promise<unknown> {
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return null;
  const body = (await response.json().catch(() => null)) as {
    status?: unknown;
    code?: unknown;
  } | null;
  return body?.status === response.status ? body.code : null;
}

export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const { storyId, handlers } = options;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const random = options.random ?? Math.random;
  let closed = false;
  let lastEventId: string | null = null;
  let attempt = 0;
  let everOpen = false;
  let tokenRenewed = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let lastHeard = Date.now();
  let waiting = false;

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
  };

  const stop = () => {
    closed = true;
    clearTimers();
    controller?.abort();
    window.removeEventListener('online', onWake);
    document.removeEventListener('visibilitychange', onVisible);
  };

  const reconnectLater = () => {
    if (closed) return;
    controller?.abort();
    clearTimers();
    handlers.onDisconnect?.();
    waiting = true;
    const delay = backoffDelay(attempt, random);
    attempt += 1;
    retryTimer = setTimeout(() => {
      waiting = false;
      void connect();
    }, delay);
  };

  const reconnectNow = () => {
    if (closed) return;
    controller?.abort();
    clearTimers();
    waiting = false;
    void connect();
  };

  // Back online or the tab woke up: a planned reconnection happens now, a stream silent too long is renewed.
  function onWake() {
    if (closed) return;
    if (waiting || Date.now() - lastHeard > LIVE_SILENCE_MS) reconnectNow();
  }
  function onVisible() {
    if (document.visibilityState === 'visible') onWake();
  }
  window.addEventListener('online', onWake);
  document.addEventListener('visibilitychange', onVisible);

  const heard = () => {
    lastHeard = Date.now();
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(reconnectLater, LIVE_SILENCE_MS);
  };

  /** Handles one event; returns false when the stream must not be read further. */
  const handle = (event: SseEvent): 'go' | 'end' | 'renew' => {
    const data = parseJson(event.data);
    switch (event.event) {
      case 'hello': {
        const parsed = liveHelloSchema.safeParse(data);
        if (!parsed.success) return 'go';
        if (event.id !== undefined) lastEventId = event.id;
        attempt = 0;
        tokenRenewed = false;
        handlers.onHello(parsed.data, everOpen);
        everOpen = true;
        return 'go';
      }
      case 'change': {
        const parsed = liveChangeSchema.safeParse(data);
        if (!parsed.success) return 'go';
        if (event.id !== undefined) lastEventId = event.id;
        handlers.onChange(parsed.data);
        return 'go';
      }
      case 'figures':
        handlers.onFigures();
        return 'go';
      case 'presence': {
        const parsed = livePresenceSchema.safeParse(data);
        if (parsed.success) handlers.onPresence(parsed.data);
        return 'go';
      }
      case 'reset':
        handlers.onReset();
        return 'go';
      case 'gone': {
        const parsed = liveGoneSchema.safeParse(data);
        if (!parsed.success) return 'go';
        if (parsed.data.reason === 'TOKEN_EXPIRED') return 'renew';
        stop();
        handlers.onEnd(parsed.data.reason);
        return 'end';
      }
      default:
        // A newer server's event: ignored, as the contract says.
        return 'go';
    }
  };

  const renewAndReconnect = async () => {
    controller?.abort();
    clearTimers();
    if (!tokenRenewed) {
      tokenRenewed = true;
      if ((await renewAccessToken()) && !closed) return reconnectNow();
    }
    reconnectLater();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const own = new AbortController();
    controller = own;
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = readAccessToken();
    headers.Authorization = token ? `Bearer ${token}` : '';
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    // A request that hangs before any answer is aborted and made again, as a silent stream is.
    heard();
    let response: Response;
    try {
      response = await doFetch(`${API_BASE_URL}${storyLivePath(storyId)}`, {
        headers,
        credentials: 'same-origin',
        cache: 'no-store',
        signal: own.signal,
      });
    } catch {
      if (!own.signal.aborted) reconnectLater();
      return;
    }
    if (closed || own.signal.aborted) return;
    if (response.status === 401) return renewAndReconnect();
    if (response.status === 404 || response.status === 403) {
      // Only the API's own answer ends the stream; a proxy's or an old server's 404 during a
      // deploy is a failure like any other (the story stays on screen, the stream comes back).
      const code = await problemCode(response);
      if (closed || own.signal.aborted) return;
      if (code !== (response.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN')) return reconnectLater();
      stop();
      handlers.onEnd('NOT_FOUND');
      return;
    }
    if (!response.ok || !response.body) return reconnectLater();

    const reader = response.body.getReader();
    own.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), {
      once: true,
    });
    const decoder = new TextDecoder();
    // Written by the parser's callback: after `gone`, later events of the chunk are not handled.
    const state: { next: 'go' | 'end' | 'renew' } = { next: 'go' };
    const parser = createSseParser({
      onEvent: (event) => {
        if (state.next === 'go') state.next = handle(event);
      },
    });
    heard();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (own.signal.aborted || closed) return;
        if (done) break;
        heard();
        parser.push(decoder.decode(value, { stream: true }));
        if (state.next === 'end') return;
        if (state.next === 'renew') return renewAndReconnect();
      }
    } catch {
      if (own.signal.aborted || closed) return;
    } finally {
      void reader.cancel().catch(() => undefined);
    }
    // The server closed the stream (a restart, a proxy's limit): come back with the last id.
    reconnectLater();
  }

  void connect();
  return { close: stop };
}
