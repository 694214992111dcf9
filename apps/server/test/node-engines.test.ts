// The Node version the product claims (package.json `engines`) is one that every installed package accepts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
}

describe('Node engines', () => {
  it('accepts, in every locked package, the oldest Node that package.json promises', () => {
    const { engines } = readJson<{ engines: { node: string } }>('package.json');
    const oldest = semver.minVersion(engines.node);
    expect(oldest?.version).toBe('20.19.0');
    const { packages } = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const refusing = Object.entries(packages).flatMap(([path, locked]) => {
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      if (!range || !oldest || semver.satisfies(oldest, range)) return [];
      return [`${path}@${locked.version ?? '?'} wants node ${range}`];
    });
    expect(refusing).toEqual([]);
  });

  it('runs on a Node that the promise covers', () => {
    const { engines } = readJson<{ engines: { node: string } }>('package.json');
    expect(semver.satisfies(process.version, engines.node)).toBe(true);
  });
});
