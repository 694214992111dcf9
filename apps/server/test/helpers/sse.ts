// Reads a server-sent event stream over real HTTP (Node fetch), as the web client does: events one by one, with a deadline.
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The next event (of `name`, skipping others when given) within `timeoutMs`. */
  next(name?: string, timeoutMs?: number): Promise<SseEvent>;
  /** Every event until the server ends the stream (within `timeoutMs`). */
  rest(timeoutMs?: number): Promise<SseEvent[]>;
  /** Events already received and not yet taken. */
  queued(): SseEvent[];
  close(): void;
}

/** Opens the stream; a non-200 answer is returned with its body read and no events. */
export async function openSse(
  url: string,
  headers: Record<string, string>,
): Promise<SseStream & { body: string }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  if (response.status !== 200 || !response.body) {
    return {
      status: response.status,
      headers: response.headers,
      body: await response.text(),
      next: () => Promise.reject(new Error(`no stream: ${String(response.status)}`)),
      rest: () => Promise.resolve([]),
      queued: () => [],
      close: () => controller.abort(),
    };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          const name = fields.get('event');
          if (name === undefined) continue;
          events.push({
            event: name,
            id: fields.get('id'),
            data: JSON.parse(fields.get('data') ?? 'null') as unknown,
          });
          wake?.();
        }
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
    wake?.();
  })();
  const waitFor = async <T>(take: () => T | undefined, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = take();
      if (found !== undefined) return found;
      if (ended) throw new Error(`the stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${String(timeoutMs)} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    body: '',
    next: (name, timeoutMs = 2000) =>
      waitFor(
        () => {
          const index = events.findIndex((one) => name === undefined || one.event === name);
          if (index < 0) return undefined;
          const [found] = events.splice(0, index + 1).slice(-1);
          return found;
        },
        timeoutMs,
        name ?? 'event',
      ),
    rest: (timeoutMs = 2000) =>
      waitFor(() => (ended ? events.splice(0) : undefined), timeoutMs, 'the end'),
    queued: () => [...events],
    close: () => controller.abort(),
  };
}
