// The API client's contract: headers the spec names, problem+json errors and no default timeout.
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@costory/shared';
import { ApiError, createApiClient, problemMessageKey, readCookie } from './api-client';

function jsonResponse(body: unknown, init: ResponseInit = {}, type = 'application/json') {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': type },
  });
}

function recordingFetch(response: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, init: init ?? {} });
    return Promise.resolve(response());
  });
  return { calls, fetch: fetchMock as unknown as typeof fetch };
}

function header(init: RequestInit, name: string): string | null {
  return new Headers(init.headers).get(name);
}

describe('api client', () => {
  it('calls /api/v1 with a bearer token from session storage', async () => {
    window.sessionStorage.setItem(SESSION_KEYS.accessToken, 'abc.def.ghi');
    const { calls, fetch } = recordingFetch(() => jsonResponse({ id: 1 }));
    const client = createApiClient({ fetch });

    await expect(client.get('/stories/1', { query: { q: 'a b', tag: [1, 2] } })).resolves.toEqual({
      id: 1,
    });
    expect(calls[0]?.url).toBe('/api/v1/stories/1?q=a+b&tag=1&tag=2');
    expect(header(calls[0]!.init, 'Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends an empty Authorization value when nobody is signed in', async () => {
    const { calls, fetch } = recordingFetch(() => jsonResponse({}));
    await createApiClient({ fetch, baseUrl: '/other' }).post('items', { name: 'x' });
    expect(calls[0]?.url).toBe('/other/items');
    expect(header(calls[0]!.init, 'Authorization')).toBe('');
    expect(header(calls[0]!.init, 'Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"name":"x"}');
  });

  it('copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=t%2Bk';
    const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    await expect(createApiClient({ fetch }).delete('/labels/3')).resolves.toBeUndefined();
    expect(header(calls[0]!.init, 'X-XSRF-TOKEN')).toBe('t+k');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('turns problem+json into an ApiError with status, code and field errors', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Validation failed',
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'name', rule: 'required', message: 'The name is required' }],
    };
    const { fetch } = recordingFetch(() =>
      jsonResponse(problem, { status: 400 }, 'application/problem+json'),
    );
    const error = await createApiClient({ fetch })
      .post('/stories', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: problem.errors });
  });

  it('derives a code from the status when the body is not a problem', async () => {
    const { fetch } = recordingFetch(() => new Response('<html>', { status: 404 }));
    await expect(createApiClient({ fetch }).get('/x')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      errors: [],
    });
  });

  it('reports a network failure as SERVICE_UNAVAILABLE', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }).get('/x'),
    ).rejects.toMatchObject({ status: 0, code: 'SERVICE_UNAVAILABLE' });
  });

  it('has no timeout unless one is configured', async () => {
    const { calls, fetch } = recordingFetch(() => jsonResponse({}));
    await createApiClient({ fetch }).get('/x');
    expect(calls[0]?.init.signal?.aborted).toBe(false);
  });

  it('maps problem codes to translated texts', () => {
    expect(problemMessageKey('CONFLICT')).toBe('errors:problem.CONFLICT');
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('a', 'ab=1; a=2')).toBe('2');
    expect(readCookie('c', 'ab=1')).toBeUndefined();
  });
});
