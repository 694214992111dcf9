// The server-sent events wire format (decision 0046): one event as text, and the heartbeat comment.
import type { LiveEventName } from '@costory/shared';

/** A comment line: clients ignore it, proxies and the client's silence timer see the stream alive. */
export const SSE_PING = ': ping\n\n';

/** `event:`, optional `id:` and one `data:` line of JSON (JSON.stringify never emits a newline). */
export function sseEvent(name: LiveEventName, data: unknown, id?: number): string {
  const idLine = id === undefined ? '' : `id: ${String(id)}\n`;
  return `event: ${name}\n${idLine}data: ${JSON.stringify(data)}\n\n`;
}
