// An upload through XMLHttpRequest, whose upload events tell how much of the body has left (fetch cannot): a transport for the API client, which keeps its headers, retries and errors.

/** How much of the body has been sent; `total` is null when the browser does not know it. */
export interface UploadProgress {
  sent: number;
  total: number | null;
}

/** `Name: value` lines of XMLHttpRequest.getAllResponseHeaders() as Headers. */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  return headers;
}

/** Statuses whose Response may carry no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Sends `init` to `url` like fetch, reporting the upload's progress to `onProgress`, and resolves
 * with the answer as a Response (read as text: the API answers JSON or problem+json). A network
 * failure rejects with a TypeError, an abort through `init.signal` with an AbortError, as fetch does.
 */
export function sendWithProgress(
  url: string,
  init: RequestInit,
  onProgress?: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) =>
        onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : null }),
      );
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.addEventListener('load', () => {
      settle();
      const status = xhr.status;
      // Status 0 (the browser refused the answer) is a network failure, as fetch says it.
      if (status < 200 || status > 599) {
        reject(new TypeError('The upload failed: no answer was received'));
        return;
      }
      resolve(
        new Response(NO_BODY.has(status) ? null : xhr.responseText, {
          status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
        }),
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('The upload failed: the server could not be reached'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('The upload timed out'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
