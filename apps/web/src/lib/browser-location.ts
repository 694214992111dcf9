// Full page loads (the sign-in service, its end-session page, server pages) go through here, so tests can watch them.

let leaving = false;

// A page restored from the back-forward cache after it was left is live again.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) leaving = false;
});

export const browserLocation = {
  /** Loads `url` as a new document. Replaced by a spy in tests, where jsdom cannot navigate. */
  assign(this: void, url: string): void {
    window.location.assign(url);
  },
};

/**
 * Leaves the SPA for `url`. Until the browser has left, no other code may start a second
 * navigation: a later `location.assign` would cancel this one (e.g. the sign-in redirect that
 * /login starts would cancel the logout redirect).
 */
export function leavePage(url: string): void {
  leaving = true;
  browserLocation.assign(url);
}

/** True once `leavePage` was called on this document. */
export function isLeavingPage(): boolean {
  return leaving;
}

/** For tests, which keep one document for many scenarios; a real page is gone after leaving. */
export function resetLeavingPage(): void {
  leaving = false;
}
