// HTTP client of the product API: bearer token, XSRF header, JSON bodies, problem+json errors as ApiError, one retry after a renewed token or a fresh XSRF cookie.
import type { z } from 'zod';
import { SESSION_KEYS } from '@costory/shared/constants';
import {
  PROBLEM_CONTENT_TYPE,
  problemSchema,
  type ErrorCode,
  type FieldError,
} from '@costory/shared/problem';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME, XSRF_WRITE_METHODS } from '@costory/shared/sign-in';

export const API_BASE_URL = '/api/v1';
export { XSRF_COOKIE_NAME, XSRF_HEADER_NAME };

/** Any /api answer sets the XSRF cookie; this public one is the cheapest to ask for it. */
const XSRF_PRIMING_URL = `${API_BASE_URL}/meta`;

/** A failed API call: the HTTP status, the stable problem code and any field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  readonly detail: string | undefined;
  /** Members of the problem beyond the standard ones, e.g. `formulaIssues` of FORMULA_INVALID. */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(init: {
    status: number;
    code: ErrorCode;
    title: string;
    errors?: FieldError[];
    detail?: string;
    extensions?: Readonly<Record<string, unknown>>;
  }) {
    super(init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? [];
    this.detail = init.detail;
    this.extensions = init.extensions ?? {};
  }
}

/** Translation key (namespace `errors`) of the generic text shown for a problem code. */
export function problemMessageKey(code: ErrorCode) {
  return `errors:problem.${code}` as const;
}

// Used when a response is not problem+json (a proxy page, an empty body) so callers still get a code.
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504 || status === 0) {
    return 'SERVICE_UNAVAILABLE';
  }
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

/** The access token every call sends (session storage), or null. */
export function readAccessToken(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_KEYS.accessToken);
  } catch {
    return null;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData and Blob are sent as they are. */
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the response body; without it the body is returned unchecked. */
  schema?: z.ZodType<T>;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /**
   * Sends this call instead of the client's fetch, e.g. an upload through XMLHttpRequest for its
   * progress events (`lib/upload-with-progress.ts`); headers, retries and errors stay the client's.
   */
  transport?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** Milliseconds before a call is aborted; the spec fixes no timeout by default. */
  timeoutMs?: number;
  getAccessToken?: () => string | null;
  /** Language the server words field errors in; by default the document's (set by i18n). */
  getLocale?: () => string;
  /** Renews the access token after a 401; true when a new one is in place. */
  refreshAccessToken?: () => Promise<boolean>;
  /** `same-origin` by default; the sign-in form's calls say `include`. */
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
}

let registeredRefresher: (() => Promise<boolean>) | null = null;

/**
 * Tells every client how to renew an expired access token. The app registers it (this module
 * cannot import the session, which lives above it); returns a function that unregisters it.
 */
export function setAccessTokenRefresher(refresher: () => Promise<boolean>): () => void {
  registeredRefresher = refresher;
  return () => {
    if (registeredRefresher === refresher) registeredRefresher = null;
  };
}

function refreshWithRegistered(): Promise<boolean> {
  return registeredRefresher ? registeredRefresher() : Promise.resolve(false);
}

/** Renews the access token through the registered refresher (a stream's 401); true when a new one is in place. */
export function renewAccessToken(): Promise<boolean> {
  return refreshWithRegistered();
}

function documentLocale(): string {
  return document.documentElement.lang || 'en';
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions<unknown>['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (value !== undefined && value !== null) params.append(name, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
    return body;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function toApiError(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes(PROBLEM_CONTENT_TYPE) || contentType.includes('application/json')) {
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = problemSchema.safeParse(body);
    if (parsed.success) {
      const { status, code, title, errors, detail } = parsed.data;
      const extensions = Object.fromEntries(
        Object.entries(body as Record<string, unknown>).filter(
          ([member]) => !(member in problemSchema.shape),
        ),
      );
      return new ApiError({ status, code, title, errors, detail, extensions });
    }
  }
  return new ApiError({
    status: response.status,
    code: codeForStatus(response.status),
    title: response.statusText || `HTTP ${response.status}`,
  });
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  return contentType.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/** How much of a download has arrived; `total` is null when the server does not say. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

export interface DownloadOptions extends Omit<RequestOptions<never>, 'method' | 'body' | 'schema'> {
  onProgress?: (progress: DownloadProgress) => void;
}

/**
 * A file the API answered, with the name its Content-Disposition gives. Status 202 means the
 * server accepted to prepare the file later: the blob is then its answer (a job to poll).
 */
export interface DownloadedFile {
  status: number;
  blob: Blob;
  fileName: string | null;
}

/** `filename*=UTF-8''…` first (RFC 6266), else `filename="…"`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) return decodeURIComponent(extended[1]);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/** The body as a Blob, reporting progress chunk by chunk when the browser streams it. */
async function readFile(
  response: Response,
  onProgress: DownloadOptions['onProgress'],
): Promise<DownloadedFile> {
  const fileName = fileNameOf(response.headers.get('Content-Disposition'));
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const { status } = response;
  if (!response.body || !onProgress || status === 202) {
    return { status, blob: await response.blob(), fileName };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return { status, blob: new Blob(chunks, { type }), fileName };
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** A file (an export): the body as a Blob with progress, errors as for any call. */
  download(path: string, options?: DownloadOptions): Promise<DownloadedFile>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>): Promise<T>;
}

export function createApiClient(clientOptions: ApiClientOptions = {}): ApiClient {
  const baseUrl = clientOptions.baseUrl ?? API_BASE_URL;
  const getAccessToken = clientOptions.getAccessToken ?? readAccessToken;
  const getLocale = clientOptions.getLocale ?? documentLocale;
  const refreshAccessToken = clientOptions.refreshAccessToken ?? refreshWithRegistered;
  const credentials = clientOptions.credentials ?? 'same-origin';

  async function send<T>(
    path: string,
    options: RequestOptions<T>,
  ): Promise<{ response: Response; sentToken: boolean }> {
    const headers = new Headers({
      Accept: `application/json, ${PROBLEM_CONTENT_TYPE}`,
      'Accept-Language': getLocale(),
    });
    const token = getAccessToken();
    // The spec sends the header in every call, empty when nobody is signed in.
    headers.set('Authorization', token ? `Bearer ${token}` : '');
    const method = options.method ?? 'GET';
    // Reads skip the cookie: reading document.cookie waits on the browser's network process, up to
    // tens of milliseconds while a page loads, and the server checks the header on writes only.
    const xsrf = XSRF_WRITE_METHODS.has(method) ? readCookie(XSRF_COOKIE_NAME) : undefined;
    if (xsrf) headers.set(XSRF_HEADER_NAME, xsrf);
    const body = encodeBody(options.body, headers);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

    const timeoutMs = options.timeoutMs ?? clientOptions.timeoutMs;
    const controller = new AbortController();
    const abortFromCaller = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) abortFromCaller();
    options.signal?.addEventListener('abort', abortFromCaller, { once: true });
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(), timeoutMs);

    const doFetch = options.transport ?? clientOptions.fetch ?? fetch;
    try {
      const response = await doFetch(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body,
        credentials,
        signal: controller.signal,
      });
      return { response, sentToken: Boolean(token) };
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'SERVICE_UNAVAILABLE', title: String(cause) });
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  // The server sets the cookie on any /api answer; a first write before any read has none yet.
  async function primeXsrfCookie(): Promise<void> {
    const doFetch = clientOptions.fetch ?? fetch;
    await doFetch(XSRF_PRIMING_URL, { method: 'GET', credentials: 'same-origin' }).catch(
      () => undefined,
    );
  }

  async function requestWith<T, R>(
    path: string,
    options: RequestOptions<T>,
    read: (response: Response) => Promise<R>,
  ): Promise<R> {
    const method = options.method ?? 'GET';
    let xsrfRetried = false;
    let tokenRetried = false;
    for (;;) {
      const { response, sentToken } = await send(path, options);
      if (response.ok) return read(response);
      const error = await toApiError(response);
      if (error.code === 'XSRF_MISMATCH' && XSRF_WRITE_METHODS.has(method) && !xsrfRetried) {
        xsrfRetried = true;
        await primeXsrfCookie();
        continue;
      }
      // Only the API's "no valid token" answer; a wrong password (INVALID_CREDENTIALS) is no reason.
      if (error.code === 'UNAUTHORIZED' && sentToken && !tokenRetried) {
        tokenRetried = true;
        if (await refreshAccessToken()) continue;
      }
      throw error;
    }
  }

  function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return requestWith(path, options, async (response) => {
      const data = await parseBody(response);
      return options.schema ? options.schema.parse(data) : (data as T);
    });
  }

  return {
    request,
    download: (path, { onProgress, ...options } = {}) =>
      requestWith(path, { ...options, method: 'GET' }, (response) =>
        readFile(response, onProgress),
      ),
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}

/** The client every feature uses. */
export const apiClient = createApiClient();
