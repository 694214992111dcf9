// Overload (issue 16): past MAX_REQUESTS_IN_FLIGHT the API answers 503 with Retry-After at once, health checks still answer, and a slot comes back when a request's work ends, not before, even when its client went away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, SERVER_BUSY } from '../src/plugins/load-shedding';
import { buildListeningApp, type ListeningApp } from './helpers/listen';

describe('load shedding', () => {
  let ctx: ListeningApp;
  let release: () => void = () => undefined;
  let held = Promise.resolve();

  function hold(): void {
    held = new Promise((resolve) => {
      release = resolve;
    });
  }

  beforeAll(async () => {
    ctx = await buildListeningApp({
      config: { maxRequestsInFlight: 2 },
      routes: (app) =>
        app.get('/api/probe/slow', async () => {
          await held;
          return { done: true };
        }),
    });
  });
  afterAll(() => ctx.close());

  it('refuses the request past the limit at once with 503, Retry-After and the reason in the user’s language', async () => {
    hold();
    const first = fetch(`${ctx.url}/api/probe/slow`);
    const second = fetch(`${ctx.url}/api/probe/slow`);
    // Both are being worked on once a third is refused; poll until then.
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 50 && refused === undefined; attempt += 1) {
      const third = await fetch(`${ctx.url}/api/probe/slow`, {
        headers: { 'accept-language': 'cs' },
        signal: AbortSignal.timeout(200),
      }).catch(() => undefined);
      if (third?.status === 503) refused = third;
    }
    expect(refused?.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(await refused?.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      detail: SERVER_BUSY.cs,
    });
    // A balancer's health checks still answer.
    expect((await fetch(`${ctx.url}/api/health/live`)).status).toBe(200);
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    // The slots are free again.
    expect((await fetch(`${ctx.url}/api/probe/slow`)).status).toBe(200);
  });

  it('keeps the slot of a request whose client went away until its work ends', async () => {
    hold();
    const gone = new AbortController();
    const abandoned = fetch(`${ctx.url}/api/probe/slow`, { signal: gone.signal }).catch(
      () => undefined,
    );
    const waiting = fetch(`${ctx.url}/api/probe/slow`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    gone.abort();
    await abandoned;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The abandoned request's work still runs: no room for a third.
    expect((await fetch(`${ctx.url}/api/probe/slow`)).status).toBe(503);
    release();
    expect((await waiting).status).toBe(200);
    // Its work has ended: both slots are free again.
    const [first, second] = await Promise.all([
      fetch(`${ctx.url}/api/probe/slow`),
      fetch(`${ctx.url}/api/probe/slow`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
  });
});
