// A cache that answers only while the process hears change notices: bounded in entries and in weight.
import { describe, expect, it } from 'vitest';
import { NoticedCache } from '../src/lib/noticed-cache';

describe('NoticedCache', () => {
  it('starts over when the entries would weigh more than allowed, and keeps no entry heavier than that', async () => {
    const cache = new NoticedCache<string>({ weigh: (text) => text.length, maxWeight: 10 });
    cache.setListening(true);
    await cache.read('a', () => Promise.resolve('aaaa'));
    await cache.read('b', () => Promise.resolve('bbbb'));
    expect(cache.size).toBe(2);
    await cache.read('c', () => Promise.resolve('cccc'));
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([
      undefined,
      undefined,
      'cccc',
    ]);
    await cache.read('d', () => Promise.resolve('d'.repeat(11)));
    expect(cache.peek('d')).toBeUndefined();
    cache.forget('c');
    await cache.read('e', () => Promise.resolve('eeeeeeeeee'));
    expect(cache.peek('e')).toBe('eeeeeeeeee');
  });
});
