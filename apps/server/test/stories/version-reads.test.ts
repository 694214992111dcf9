// What a process keeps of the story versions it read (decision 0042 "Reading at 10,000 instances"): one database read and one calculation per version and view, however many readers arrive together.
import { describe, expect, it, vi } from 'vitest';
import type { FrozenVersion } from '../../src/modules/stories/versions/versions.repository';
import { VersionReads } from '../../src/modules/stories/versions/version-reads';

function frozenVersion(id: number): FrozenVersion {
  return {
    id,
    name: `Version ${String(id)}`,
    note: '',
    createdAt: new Date('2026-11-28T10:00:00Z'),
    author: null,
    currency: 'CZK',
    price: '0.00',
    mandays: '0',
    optionalPrice: '0.00',
    optionalMandays: '0',
    instanceCount: 1,
    errorCount: 0,
    catalog: { roles: [], groups: [], phases: [], items: [] },
    instances: '[[1,2,1,{"area":25},false,[],"2500.00","2.5",0]]',
    names: { labels: [], instances: [[1, 2, 'Hall', '']] },
    lineups: [],
  };
}

describe('versions kept in memory', () => {
  it('reads a version once for readers arriving together, and again once forgotten', async () => {
    const reads = new VersionReads();
    const load = vi.fn(() => Promise.resolve(frozenVersion(7)));
    const [first, second] = await Promise.all([reads.read(7, load), reads.read(7, load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
    expect(first?.instances()).toEqual([
      expect.objectContaining({ id: 1, itemId: 2, values: { area: 25 }, price: '2500.00' }),
    ]);
    expect(await reads.read(7, load)).toBe(first);
    reads.forget(7);
    await reads.read(7, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers a missing version with nothing and keeps nothing of it', async () => {
    const reads = new VersionReads();
    const load = vi.fn(() => Promise.resolve(undefined));
    expect(await reads.read(9, load)).toBeUndefined();
    expect(await reads.read(9, load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('calculates each view once and keeps the views apart', async () => {
    const kept = await new VersionReads().read(7, () => Promise.resolve(frozenVersion(7)));
    if (!kept) throw new Error('not read');
    const withPrices = vi.fn(() => Promise.resolve('{"total":{"price":"2500.00"}}'));
    const customer = vi.fn(() => Promise.resolve('{"total":{"price":null}}'));
    const [a, b] = await Promise.all([
      kept.answerText(true, withPrices),
      kept.answerText(true, withPrices),
    ]);
    expect(a).toBe(b);
    expect(withPrices).toHaveBeenCalledTimes(1);
    expect(await kept.answer(false, customer)).toEqual({ total: { price: null } });
    expect(await kept.answer(true, withPrices)).toEqual({ total: { price: '2500.00' } });
    expect(customer).toHaveBeenCalledTimes(1);
    expect(withPrices).toHaveBeenCalledTimes(1);
  });

  it('counts even an empty version at a floor, so that memory stays bounded', async () => {
    const kept = await new VersionReads().read(7, () => Promise.resolve(frozenVersion(7)));
    expect(kept?.weight).toBe(64 * 1024);
  });
});
