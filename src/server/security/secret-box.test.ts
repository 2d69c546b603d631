import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = SecretBox.fromKey(Buffer.alloc(32, 7));

  it('seals so that the plaintext is nowhere in the result, and opens it again', () => {
    const sealed = box.seal('pat-na1-secret-token');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('secret');
    expect(box.seal('pat-na1-secret-token')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('pat-na1-secret-token');
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('token');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => SecretBox.fromKey(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed secret');
  });

  it('generates a key into DATA_DIR once, readable only by its owner, and reuses it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'secret-box-'));
    try {
      const config = testConfig({ DATA_DIR: dir });
      const first = await SecretBox.fromConfig(config);
      const second = await SecretBox.fromConfig(config);
      expect(second.open(first.seal('x'))).toBe('x');
      expect((await stat(path.join(dir, 'encryption.key'))).mode & 0o777).toBe(0o600);
      expect((await readFile(path.join(dir, 'encryption.key'), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses ENCRYPTION_KEY when given, in hex or base64', async () => {
    const hex = 'ab'.repeat(32);
    const fromHex = await SecretBox.fromConfig(testConfig({ ENCRYPTION_KEY: hex }));
    const fromBase64 = await SecretBox.fromConfig(testConfig({ ENCRYPTION_KEY: Buffer.from(hex, 'hex').toString('base64') }));
    expect(fromBase64.open(fromHex.seal('same key'))).toBe('same key');
  });
});
