// A server-sent events answer a test controls: it sends events when told and ends when told, as the server's stream does.
export interface ControlledStream {
  response: Response;
  /** Sends raw text (any chunking). */
  send: (text: string) => void;
  /** Sends one event (`id:` when given). */
  event: (name: string, data: unknown, id?: number | string) => void;
  close: () => void;
}

export function controlledStream(): ControlledStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(own) {
      controller = own;
    },
    cancel() {
      open = false;
    },
  });
  const send = (text: string) => {
    if (open) controller?.enqueue(encoder.encode(text));
  };
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send,
    event: (name, data, id) =>
      send(
        `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`,
      ),
    close: () => {
      if (!open) return;
      open = false;
      controller?.close();
    },
  };
}
