// A server-sent events parser (the WHATWG rules): text arrives in chunks cut anywhere, events end at a blank line, `data:` lines join with a newline, comment lines start with a colon.

/** One dispatched event: its name (`message` when none), its data, and the `id:` field of its own block, if any. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export interface SseHandlers {
  onEvent: (event: SseEvent) => void;
  /** A comment line (`: ping`), without its colon and the space after it. */
  onComment?: (text: string) => void;
  /** A `retry:` field of digits: the reconnection delay the server asks for, in milliseconds. */
  onRetry?: (ms: number) => void;
}

export interface SseParser {
  /** Feeds decoded text; complete lines are handled at once, the rest waits for the next chunk. */
  push: (text: string) => void;
}

export function createSseParser(handlers: SseHandlers): SseParser {
  let buffer = '';
  // A chunk ending in CR may be followed by the LF of the same line break.
  let skipLeadingLf = false;
  let eventName = '';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0)
      handlers.onEvent({ event: eventName || 'message', data: data.join('\n'), id });
    eventName = '';
    data = [];
    id = undefined;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return handlers.onComment?.(text.slice(1).replace(/^ /, ''));
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') {
      if (!value.includes('\0')) id = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
    }
    // Other fields are ignored, as the standard says.
  };

  return {
    push(text) {
      let chunk = text;
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) return;
        // A CR at the very end may be half of a CRLF: the next chunk's LF is then dropped.
        if (match[0] === '\r' && match.index === buffer.length - 1) skipLeadingLf = true;
        const current = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        line(current);
      }
    },
  };
}
