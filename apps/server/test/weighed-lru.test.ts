// WeighedLru: keeps the most recently used entries up to a total weight, letting the least recently used go first.
import { describe, expect, it } from 'vitest';
import { WeighedLru } from '../src/lib/weighed-lru';

describe('WeighedLru', () => {
  it('lets the least recently used go when the weight passes the bound', () => {
    const lru = new WeighedLru<string, string>(10, (value) => value.length);
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    expect(lru.get('a')).toBe('aaaa');
    lru.set('c', 'cccc');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('aaaa');
    expect(lru.get('c')).toBe('cccc');
  });

  it('replaces a value under its key, weighing only the new one, and keeps nothing heavier than the bound', () => {
    const lru = new WeighedLru<string, string>(10, (value) => value.length);
    lru.set('a', 'aaaaaaaa');
    lru.set('a', 'aa');
    lru.set('b', 'bbbbbbbb');
    expect(lru.get('a')).toBe('aa');
    lru.set('huge', 'x'.repeat(11));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('b')).toBe('bbbbbbbb');
    lru.delete('b');
    lru.set('c', 'cccccccc');
    expect(lru.get('a')).toBe('aa');
  });
});
