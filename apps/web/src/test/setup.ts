// Test setup of the web project: jest-dom matchers, no network, no page loads, and a clean DOM and browser storage per test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { browserLocation, resetLeavingPage } from '@/lib/browser-location';
import { forgetMeta } from '@/lib/meta';

beforeEach(() => {
  // A call no test stubbed fails like an unreachable server; tests stub what they talk to.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('No network in tests'))),
  );
  // jsdom cannot load another document; tests read where the app tried to go.
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetLeavingPage();
  forgetMeta();
});
