// scrypt password hashes: salted, self-describing, verified in constant time, robust to bad input.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, type ScryptParams } from '../src/lib/password';

// Cheap parameters keep the unit tests fast; the default parameters are exercised once below.
const FAST: ScryptParams = { N: 1024, r: 8, p: 1 };

describe('hashPassword / verifyPassword', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Demo1234', FAST);
    expect(await verifyPassword('Demo1234', hash)).toBe(true);
    expect(await verifyPassword('Demo12345', hash)).toBe(false);
    expect(await verifyPassword('demo1234', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and records its parameters in it', async () => {
    const first = await hashPassword('same password', FAST);
    const second = await hashPassword('same password', FAST);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain('same password');
  });

  it('uses strong default parameters and still verifies them', async () => {
    const hash = await hashPassword('Demo1234');
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('Demo1234', hash)).toBe(true);
  });

  it('verifies hashes made with other parameters (so they can be raised later)', async () => {
    const older = await hashPassword('Pässwörd 1', { N: 2048, r: 4, p: 1 });
    expect(await verifyPassword('Pässwörd 1', older)).toBe(true);
  });

  it('treats unreadable or tampered hashes as a mismatch instead of throwing', async () => {
    const hash = await hashPassword('Demo1234', FAST);
    const parts = hash.split('$');
    const cases = [
      '',
      'plain-text',
      'bcrypt$10$abc',
      hash.replace(/^scrypt/, 'scrypt2'),
      // N must be a power of two and bounded, so a row cannot make us allocate gigabytes.
      [parts[0], 1000, ...parts.slice(2)].join('$'),
      [parts[0], 2 ** 30, ...parts.slice(2)].join('$'),
      [...parts.slice(0, 5), Buffer.from('short').toString('base64')].join('$'),
    ];
    for (const stored of cases) {
      expect(await verifyPassword('Demo1234', stored)).toBe(false);
    }
  });
});
