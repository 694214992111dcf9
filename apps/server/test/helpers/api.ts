// A signed-in caller for API tests: requests with the user's bearer token and, for writes, the XSRF pair.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { problemSchema, type Problem } from '@costory/shared';
import type { App } from '../../src/app';
import { accessTokenFor, bearer } from './tokens';
import { xsrfHeaders } from './xsrf';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface ApiCaller {
  userId: number;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  put(
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export interface ApiCallerOptions {
  /** The client address the requests come from (limits per address count apart); 127.0.0.1 by default. */
  remoteAddress?: string;
}

/** Requests as `userId` (signed in with the app's own key, as the SPA would be). */
export async function apiAs(
  app: App,
  userId: number,
  origin = TEST_ORIGIN,
  options: ApiCallerOptions = {},
): Promise<ApiCaller> {
  const auth = bearer(await accessTokenFor(app.db, origin, userId));
  const from = options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress };
  const write =
    (method: 'POST' | 'PUT') =>
    (url: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method,
        url,
        headers: { ...auth, ...xsrfHeaders(), ...headers },
        ...from,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
  return {
    userId,
    get: (url, headers = {}) =>
      app.inject({ method: 'GET', url, headers: { ...auth, ...headers }, ...from }),
    post: write('POST'),
    put: write('PUT'),
    delete: (url, headers = {}) =>
      app.inject({
        method: 'DELETE',
        url,
        headers: { ...auth, ...xsrfHeaders(), ...headers },
        ...from,
      }),
  };
}

/** The problem+json body of an error answer (and that it is one). */
export function problemOf(response: LightMyRequestResponse): Problem {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(response.json());
}

/** Asserts the status (showing the body when it differs) and returns the parsed JSON body. */
export function expectStatus<T = unknown>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  return (response.body === '' ? undefined : response.json()) as T;
}
