// The XSRF double-submit pair a browser would send: the cookie and the header with the same value.
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@costory/shared';

export const TEST_XSRF_TOKEN = 'test-xsrf-token-0123456789';

/** Headers for a state-changing /api request made as the SPA makes it. */
export function xsrfHeaders(token = TEST_XSRF_TOKEN): Record<string, string> {
  return { cookie: `${XSRF_COOKIE_NAME}=${token}`, [XSRF_HEADER_NAME.toLowerCase()]: token };
}
