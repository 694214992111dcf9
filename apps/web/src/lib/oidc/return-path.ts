// Which stored paths the app may return to after sign-in: its own pages only, never another site.

// Control characters and backslashes: browsers read "/\evil.example" as "//evil.example" and
// drop tabs and newlines from URLs, so "/\t/evil.example" would be one too.
function hasUnsafeCharacter(path: string): boolean {
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/**
 * `path` when it is a path of this origin (one leading "/", not "//"), normalised to
 * pathname + search + hash; otherwise null, so an originalPath can never become an open redirect.
 */
export function safeReturnPath(path: string | null | undefined, origin: string): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || hasUnsafeCharacter(path)) {
    return null;
  }
  try {
    const url = new URL(path, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
