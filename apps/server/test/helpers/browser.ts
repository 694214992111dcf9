// A minimal browser for HTTP flows against a listening app: fetch without following redirects, with a cookie jar.
interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** Cookies by name and path; the host is ignored (tests talk to 127.0.0.1 only). */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now())
          expired = true;
      }
      const key = `${name}|${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  headerFor(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies.values()]
      .filter((cookie) => pathMatches(path, cookie.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }
}

export class Browser {
  readonly jar = new CookieJar();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.headerFor(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(response.headers.getSetCookie());
    return response;
  }

  /** The Location of a redirect, resolved against the request URL. */
  static location(response: Response, base: string): string {
    const location = response.headers.get('location');
    if (!location) throw new Error(`expected a redirect, got ${response.status}`);
    return new URL(location, base).href;
  }
}
