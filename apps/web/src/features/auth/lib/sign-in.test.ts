// One sign-in at a time: /login's route and its page share the start under way, and a start acted on is never reused.
import { describe, expect, it } from 'vitest';
import { createMeta, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { signInFromRoute, takeSignIn } from './sign-in';

/** An answer as fetch gives it after following redirects: its URL is the last one's. */
function endingAt(url: string): Response {
  const response = new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

function stubService(
  end = (count: number) => `http://localhost:3000/login?interaction=uid-${count}`,
) {
  let count = 0;
  return stubFetch({
    'GET /api/v1/meta': () => jsonResponse(createMeta()),
    'GET /auth/authorize': () => {
      count += 1;
      return endingAt(end(count));
    },
  });
}

describe('starting a sign-in', () => {
  it('lets the route go on to the page the service ended on, with one authorize request', async () => {
    const { callsTo } = stubService();
    await expect(signInFromRoute('en')).resolves.toBe('/login?interaction=uid-1');
    expect(callsTo('GET /auth/authorize')).toHaveLength(1);
  });

  it('does not start a second one when the page has taken the start first', async () => {
    const { callsTo } = stubService();
    const page = takeSignIn('cs');
    const route = signInFromRoute('cs');
    await expect(page).resolves.toEqual({ page: '/login?interaction=uid-1' });
    // The page goes on itself; the route leaves it to it.
    await expect(route).resolves.toBeNull();
    expect(callsTo('GET /auth/authorize')).toHaveLength(1);
    // The state stored is the one the service was sent: its return checks it.
    const [authorize] = callsTo('GET /auth/authorize');
    expect(authorize?.url.searchParams.get('state')).toBe(
      window.sessionStorage.getItem('costory.signIn.state'),
    );
    expect(authorize?.url.searchParams.get('ui_locales')).toBe('cs');
  });

  it('leaves going to the service itself to the page, which takes the same start', async () => {
    const { callsTo } = stubService(() => 'http://localhost:3000/auth/authorize?error=x');
    await expect(signInFromRoute('en')).resolves.toBeNull();
    const next = await takeSignIn('en');
    expect(next).toMatchObject({ leave: expect.stringContaining('/auth/authorize?') as string });
    expect(callsTo('GET /auth/authorize')).toHaveLength(1);
  });

  it('starts afresh once a start has been acted on', async () => {
    const { callsTo } = stubService();
    await expect(signInFromRoute('en')).resolves.toBe('/login?interaction=uid-1');
    await expect(takeSignIn('en')).resolves.toEqual({ page: '/login?interaction=uid-2' });
    await expect(signInFromRoute('en')).resolves.toBe('/login?interaction=uid-3');
    expect(callsTo('GET /auth/authorize')).toHaveLength(3);
  });
});
