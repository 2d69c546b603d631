import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

  it('derives a key per purpose: the same every time, another for another purpose or another key, never the key itself', () => {
    const signing = box.deriveKey('unsubscribe');
    expect(signing).toHaveLength(32);
    expect(box.deriveKey('unsubscribe').equals(signing)).toBe(true);
    expect(box.deriveKey('other').equals(signing)).toBe(false);
    expect(SecretBox.fromKey(Buffer.alloc(32, 8)).deriveKey('unsubscribe').equals(signing)).toBe(false);
    expect(signing.equals(Buffer.alloc(32, 7))).toBe(false);
  });

  async function inTempDir(run: (dir: string) => Promise<void>) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'secret-box-'));
    try {
      await run(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('generates a key into KEY_FILE once, readable only by its owner, and nothing into DATA_DIR', () =>
    inTempDir(async (dir) => {
      const config = testConfig({ DATA_DIR: path.join(dir, 'data'), KEY_FILE: path.join(dir, 'keys', 'encryption.key') });
      const first = await SecretBox.fromConfig(config);
      const second = await SecretBox.fromConfig(config);
      expect(second.open(first.seal('x'))).toBe('x');
      expect((await stat(config.keyFile!)).mode & 0o777).toBe(0o600);
      expect((await readFile(config.keyFile!, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
      await expect(stat(path.join(dir, 'data', 'encryption.key'))).rejects.toThrow();
    }));

  it('never generates a key in production: a missing KEY_FILE stops the start and says what to do', () =>
    inTempDir(async (dir) => {
      const keyFile = path.join(dir, 'secrets', 'encryption.key');
      const config = testConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', DATA_DIR: path.join(dir, 'data'), KEY_FILE: keyFile });
      await expect(SecretBox.fromConfig(config)).rejects.toThrow(`KEY_FILE ${keyFile} does not exist. Production never generates a key`);
      await expect(stat(path.join(dir, 'secrets'))).rejects.toThrow();
      // A key an earlier version left in DATA_DIR is moved, not generated: production takes it.
      await mkdir(path.join(dir, 'data'));
      await writeFile(path.join(dir, 'data', 'encryption.key'), 'cc'.repeat(32));
      expect((await SecretBox.fromConfig(config)).open(SecretBox.fromKey(Buffer.alloc(32, 0xcc)).seal('kept'))).toBe('kept');
    }));

  it('moves a key an earlier version generated into DATA_DIR to KEY_FILE, and still opens what it sealed', () =>
    inTempDir(async (dir) => {
      const key = Buffer.alloc(32, 9);
      const sealed = SecretBox.fromKey(key).seal('hubspot token');
      await mkdir(path.join(dir, 'data'));
      await writeFile(path.join(dir, 'data', 'encryption.key'), `${key.toString('hex')}\n`);
      const config = testConfig({ DATA_DIR: path.join(dir, 'data'), KEY_FILE: path.join(dir, 'keys', 'encryption.key') });
      // The web process and a worker starting together both find the old file.
      const [web, worker] = await Promise.all([SecretBox.fromConfig(config), SecretBox.fromConfig(config)]);
      expect(web.open(sealed)).toBe('hubspot token');
      expect(worker.open(sealed)).toBe('hubspot token');
      await expect(stat(path.join(dir, 'data', 'encryption.key'))).rejects.toThrow();
      expect((await SecretBox.fromConfig(config)).open(sealed)).toBe('hubspot token');
    }));

  it('refuses to start when DATA_DIR and KEY_FILE hold different keys, dropping neither', () =>
    inTempDir(async (dir) => {
      await mkdir(path.join(dir, 'data'));
      await writeFile(path.join(dir, 'data', 'encryption.key'), 'aa'.repeat(32));
      await writeFile(path.join(dir, 'encryption.key'), 'bb'.repeat(32));
      const config = testConfig({ DATA_DIR: path.join(dir, 'data'), KEY_FILE: path.join(dir, 'encryption.key') });
      await expect(SecretBox.fromConfig(config)).rejects.toThrow(/set ENCRYPTION_KEY to its contents or KEY_FILE/);
      expect(await readFile(path.join(dir, 'data', 'encryption.key'), 'utf8')).toBe('aa'.repeat(32));
      expect(await readFile(path.join(dir, 'encryption.key'), 'utf8')).toBe('bb'.repeat(32));
    }));

  it('uses ENCRYPTION_KEY when given, in hex or base64', async () => {
    const hex = 'ab'.repeat(32);
    const fromHex = await SecretBox.fromConfig(testConfig({ ENCRYPTION_KEY: hex }));
    const fromBase64 = await SecretBox.fromConfig(testConfig({ ENCRYPTION_KEY: Buffer.from(hex, 'hex').toString('base64') }));
    expect(fromBase64.open(fromHex.seal('same key'))).toBe('same key');
  });
});
