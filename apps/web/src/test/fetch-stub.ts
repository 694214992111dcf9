// A tiny fetch stand-in for tests: answers by "METHOD /path", records every request, and builds JSON and problem answers.
import { vi } from 'vitest';
import type { ErrorCode, FieldError, Meta } from '@costory/shared';
import { defaultAuthConfig } from '@/lib/oidc';

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials | undefined;
  /** The body parsed as JSON. */
  json: () => unknown;
  /** The body parsed as a form (application/x-www-form-urlencoded). */
  form: () => URLSearchParams;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Replaces `fetch` for the current test. Keys are "GET /api/v1/meta"; a request no key matches
 * fails like an unreachable server. Returns the recorded requests, in order.
 */
export function stubFetch(routes: Readonly<Record<string, Handler>>) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(urlOf(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? init.body : null;
    const request: RecordedRequest = {
      url,
      method,
      headers: new Headers(init.headers),
      body,
      credentials: init.credentials,
      json: () => JSON.parse(body ?? 'null') as unknown,
      form: () => new URLSearchParams(body ?? ''),
    };
    calls.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new TypeError(`No stub for ${method} ${url.pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The recorded requests to one "METHOD /path". */
    callsTo: (route: string) =>
      calls.filter((call) => `${call.method} ${call.url.pathname}` === route),
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function problemResponse(status: number, code: ErrorCode, errors?: FieldError[]) {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: code,
      status,
      code,
      ...(errors ? { errors } : {}),
    }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}

/** GET /api/v1/meta of a development installation with the built-in sign-in service. */
export function createMeta(overrides: Partial<Meta> = {}): Meta {
  return {
    demo: false,
    version: '0.1.0',
    auth: defaultAuthConfig(window.location.origin),
    ...overrides,
  };
}
