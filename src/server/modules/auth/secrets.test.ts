import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './secrets';

// The real argon2, watched: which hash each check runs against is what keeps timing silent.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

describe('verifyPassword', () => {
  it('runs a full argon2 check against a decoy hash when there is no stored one, so an unknown email costs what a wrong password does', async () => {
    const stored = await hashPassword('the right password');
    vi.mocked(argon2.verify).mockClear();

    expect(await verifyPassword(stored, 'a wrong password')).toBe(false);
    expect(await verifyPassword(undefined, 'a wrong password')).toBe(false);
    expect(await verifyPassword(null, 'another guess')).toBe(false);

    const checked = vi.mocked(argon2.verify).mock.calls.map(([hash]) => String(hash));
    expect(checked).toHaveLength(3);
    expect(checked[0]).toBe(stored);
    // Same algorithm and cost as a real account's hash; one decoy, made once.
    const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(parameters(checked[1]!)).toBe(parameters(stored));
    expect(checked[2]).toBe(checked[1]);
    expect(checked[1]).not.toBe(stored);
  });

  it('accepts the right password only', async () => {
    const stored = await hashPassword('the right password');
    expect(await verifyPassword(stored, 'the right password')).toBe(true);
    expect(await verifyPassword(stored, 'The right password')).toBe(false);
  });
});
