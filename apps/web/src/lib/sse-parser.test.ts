// The SSE parser: chunks cut anywhere, multi-line data, comments, ids, retry and CRLF line ends.
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(chunks: readonly string[]) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onComment: (text) => comments.push(text),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, comments, retries };
}

describe('the SSE parser', () => {
  it('reads events whose lines are split across chunks', () => {
    const { events } = parse([
      'event: hel',
      'lo\nid: 4',
      '2\ndata: {"connectionId"',
      ':"c1"}\n',
      '\n',
    ]);
    expect(events).toEqual([{ event: 'hello', id: '42', data: '{"connectionId":"c1"}' }]);
  });

  it('joins multi-line data with newlines and names an unnamed event "message"', () => {
    const { events } = parse(['data: one\ndata:two\ndata\n\n']);
    expect(events).toEqual([{ event: 'message', id: undefined, data: 'one\ntwo\n' }]);
  });

  it('passes comments apart and dispatches nothing for a block without data', () => {
    const { events, comments } = parse([
      ': ping\n\n',
      'event: figures\n\n',
      'event: reset\ndata: {}\n\n',
    ]);
    expect(comments).toEqual(['ping']);
    expect(events).toEqual([{ event: 'reset', id: undefined, data: '{}' }]);
  });

  it('understands CRLF and CR line ends, also a CRLF split between chunks', () => {
    const { events } = parse(['event: change\r', '\ndata: 1\r\rdata: 2\r\n\r\n']);
    expect(events).toEqual([
      { event: 'change', id: undefined, data: '1' },
      { event: 'message', id: undefined, data: '2' },
    ]);
  });

  it('reads retry when it is digits and ignores unknown fields', () => {
    const { events, retries } = parse(['retry: 3000\nretry: soon\nfoo: bar\ndata: x\n\n']);
    expect(retries).toEqual([3000]);
    expect(events).toHaveLength(1);
  });

  it('waits for the blank line before dispatching', () => {
    const { events } = parse(['data: x\n']);
    expect(events).toEqual([]);
  });
});
