// The XMLHttpRequest upload: it sends the method, headers and body it is given, reports the upload's progress, answers as a Response,
// fails like fetch on a network error or an abort, and as the API client's transport it keeps the client's headers and problem errors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { sendWithProgress, type UploadProgress } from './upload-with-progress';

/** A stand-in for XMLHttpRequest: records what is sent; the test answers, fails or reports progress. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private responseHeaders = '';
  private readonly listeners = new Map<string, (() => void)[]>();
  private readonly uploadListeners: ((event: ProgressEvent) => void)[] = [];
  readonly upload = {
    addEventListener: (type: string, listener: (event: ProgressEvent) => void) => {
      if (type === 'progress') this.uploadListeners.push(listener);
    },
  };

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }

  // ---- what the test does
  progress(loaded: number, total: number | null) {
    const event = { loaded, total: total ?? 0, lengthComputable: total !== null };
    for (const listener of this.uploadListeners) listener(event as ProgressEvent);
  }
  answer(status: number, body: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Error';
    this.responseText = body;
    this.responseHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    this.fire('load');
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

/** Lets the transport's promise chain reach `send` before the test answers. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sendWithProgress', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the request, reports the upload’s progress and answers as a Response', async () => {
    const progress: UploadProgress[] = [];
    const body = new Blob(['bytes']);
    const sent = sendWithProgress(
      '/api/v1/catalogs/1/imports?apply=false',
      { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body },
      (step) => progress.push(step),
    );
    const xhr = FakeXhr.last as unknown as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/catalogs/1/imports?apply=false');
    expect(xhr.headers['content-type']).toBe('application/octet-stream');
    expect(xhr.body).toBe(body);
    xhr.progress(2, 5);
    xhr.progress(5, 5);
    xhr.progress(3, null);
    xhr.answer(200, '{"ok":true}', { 'Content-Type': 'application/json' });

    const response = await sent;
    expect(progress).toEqual([
      { sent: 2, total: 5 },
      { sent: 5, total: 5 },
      { sent: 3, total: null },
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('fails like fetch when the server cannot be reached', async () => {
    const sent = sendWithProgress('/api/v1/x', { method: 'POST' });
    (FakeXhr.last as unknown as FakeXhr).fire('error');
    await expect(sent).rejects.toBeInstanceOf(TypeError);
  });

  it('aborts the request when its signal aborts', async () => {
    const controller = new AbortController();
    const sent = sendWithProgress('/api/v1/x', { method: 'POST', signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect((FakeXhr.last as unknown as FakeXhr).aborted).toBe(true);
  });

  it('carries the API client’s headers and turns a problem answer into an ApiError', async () => {
    document.cookie = 'XSRF-TOKEN=abc';
    const client = createApiClient({ getAccessToken: () => 'token-1', getLocale: () => 'cs' });
    const called = client.request('/catalogs/1/imports', {
      method: 'POST',
      body: new Blob(['bytes']),
      query: { apply: true, fileName: 'a b.xlsx' },
      headers: { 'Content-Type': 'application/octet-stream' },
      transport: (url, init) => sendWithProgress(url, init),
    });
    await settle();
    const xhr = FakeXhr.last as unknown as FakeXhr;
    expect(xhr.url).toBe('/api/v1/catalogs/1/imports?apply=true&fileName=a+b.xlsx');
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect(xhr.headers['accept-language']).toBe('cs');
    expect(xhr.headers['content-type']).toBe('application/octet-stream');
    expect(Object.values(xhr.headers)).toContain('abc');
    xhr.answer(
      413,
      JSON.stringify({
        type: 'about:blank',
        title: 'Payload too large',
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        detail: 'Soubor je větší než 20 MB.',
      }),
      { 'Content-Type': 'application/problem+json' },
    );
    const error: unknown = await called.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, detail: 'Soubor je větší než 20 MB.' });
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });
});
