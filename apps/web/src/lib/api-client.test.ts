// The API client's contract: headers the spec names, problem+json errors, no default timeout, one retry after a fresh XSRF cookie or a renewed token.
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@costory/shared';
import { jsonResponse as stubJson, problemResponse, stubFetch } from '@/test/fetch-stub';
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

  it('copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header of writes, not of reads', async () => {
    document.cookie = 'XSRF-TOKEN=t%2Bk';
    const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch });
    await expect(client.delete('/labels/3')).resolves.toBeUndefined();
    await client.get('/labels');
    expect(header(calls[0]!.init, 'X-XSRF-TOKEN')).toBe('t+k');
    expect(header(calls[1]!.init, 'X-XSRF-TOKEN')).toBeNull();
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

  it('sends the interface language, so server-worded field errors match it', async () => {
    document.documentElement.lang = 'cs';
    const { calls, fetch } = recordingFetch(() => jsonResponse({}));
    await createApiClient({ fetch }).get('/x');
    expect(header(calls[0]!.init, 'Accept-Language')).toBe('cs');
    document.documentElement.lang = 'en';
  });
});

describe('api client retries', () => {
  it('fetches the XSRF cookie once and retries a write refused with XSRF_MISMATCH', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/meta': () => {
        // What the server's Set-Cookie does in a browser.
        document.cookie = 'XSRF-TOKEN=fresh';
        return stubJson({});
      },
      'POST /api/v1/labels': (request) =>
        request.headers.get('X-XSRF-TOKEN') === 'fresh'
          ? stubJson({ id: 3 }, 201)
          : problemResponse(403, 'XSRF_MISMATCH'),
    });
    await expect(createApiClient().post('/labels', { title: 'A' })).resolves.toEqual({ id: 3 });
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/v1/labels',
      'GET /api/v1/meta',
      'POST /api/v1/labels',
    ]);
    expect(calls[2]?.body).toBe('{"title":"A"}');
  });

  it('retries only once after XSRF_MISMATCH', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/meta': () => stubJson({}),
      'DELETE /api/v1/labels/3': () => problemResponse(403, 'XSRF_MISMATCH'),
    });
    await expect(createApiClient().delete('/labels/3')).rejects.toMatchObject({
      code: 'XSRF_MISMATCH',
    });
    expect(callsTo('DELETE /api/v1/labels/3')).toHaveLength(2);
  });

  it('renews the token after a 401 and retries once with the new one', async () => {
    let token = 'old';
    const refreshAccessToken = vi.fn(() => {
      token = 'new';
      return Promise.resolve(true);
    });
    const { calls } = stubFetch({
      'GET /api/v1/stories': (request) =>
        request.headers.get('Authorization') === 'Bearer new'
          ? stubJson([])
          : problemResponse(401, 'UNAUTHORIZED'),
    });
    const client = createApiClient({ getAccessToken: () => token, refreshAccessToken });
    await expect(client.get('/stories')).resolves.toEqual([]);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
  });

  it('gives up when the token cannot be renewed, and never renews without a token', async () => {
    stubFetch({ 'GET /api/v1/stories': () => problemResponse(401, 'UNAUTHORIZED') });
    const refreshAccessToken = vi.fn(() => Promise.resolve(false));
    await expect(
      createApiClient({ getAccessToken: () => 'old', refreshAccessToken }).get('/stories'),
    ).rejects.toMatchObject({ status: 401 });
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);

    await expect(
      createApiClient({ getAccessToken: () => null, refreshAccessToken }).get('/stories'),
    ).rejects.toMatchObject({ status: 401 });
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('does not take a wrong password for an expired token', async () => {
    stubFetch({ 'POST /api/v1/x': () => problemResponse(401, 'INVALID_CREDENTIALS') });
    const refreshAccessToken = vi.fn(() => Promise.resolve(true));
    await expect(
      createApiClient({ getAccessToken: () => 't', refreshAccessToken }).post('/x', {}),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});
