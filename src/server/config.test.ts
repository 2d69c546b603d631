import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives every variable its documented default', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RUN_WORKERS).toBe(true);
    expect(config.NODE_ENV).toBe('development');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads values from the environment and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '8080', RUN_WORKERS: 'false', DATABASE_URL: '', PUBLIC_URL: 'https://clean.example.com/' });
    expect(config.PORT).toBe(8080);
    expect(config.RUN_WORKERS).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('https://clean.example.com');
  });

  it('trusts one proxy hop for TRUST_PROXY=true, never every hop, and takes a hop count or a list of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', 'loopback']);
    for (const bad of ['all', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '2001:db8::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false, true \(one proxy\)/);
    }
  });

  it('reports every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RUN_WORKERS: 'maybe', SESSION_PURGE_CRON: 'hourly' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems.join('\n')).toMatch(/RUN_WORKERS/);
    expect(problems.join('\n')).toMatch(/SESSION_PURGE_CRON: must be a cron expression/);
  });

  it('refuses production without a mail server or an encryption key, saying what to set, with the other problems', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/SMTP_URL: required in production.*smtps:\/\//);
    expect(problems).toMatch(/ENCRYPTION_KEY: required in production.*openssl rand -hex 32.*KEY_FILE/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', KEY_FILE: '/etc/datacleaner/key' }).keyFile).toBe('/etc/datacleaner/key');
  });

  it('keeps the development key outside DATA_DIR: a per-user file by default, and never a KEY_FILE inside DATA_DIR', () => {
    expect(loadConfig({ XDG_CONFIG_HOME: '/home/ada/.config' }).keyFile).toBe('/home/ada/.config/datacleaner/encryption.key');
    expect(() => loadConfig({ DATA_DIR: '/srv/data', KEY_FILE: '/srv/data/keys/encryption.key' })).toThrow(/KEY_FILE: must be outside DATA_DIR/);
    // Listed with the other problems, not after them.
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/srv/data', KEY_FILE: '/srv/data/key' })).toThrow(/PORT[\s\S]*KEY_FILE: must be outside DATA_DIR/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', ENCRYPTION_KEY: 'ab'.repeat(32) }).keyFile).toBeUndefined();
  });

  it('sees through symlinks when keeping KEY_FILE outside DATA_DIR', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'config-key-'));
    try {
      const data = path.join(root, 'data');
      mkdirSync(path.join(data, 'keys'), { recursive: true });
      mkdirSync(path.join(root, 'elsewhere'));
      symlinkSync(data, path.join(root, 'data-link'));
      symlinkSync(path.join(data, 'keys'), path.join(root, 'keys-link'));
      symlinkSync(path.join(data, 'key'), path.join(root, 'key-link'));
      // A key file reached through a link into DATA_DIR, a file not yet created included.
      for (const keyFile of ['keys-link/encryption.key', 'keys-link/new/encryption.key', 'data-link/encryption.key', 'key-link']) {
        expect(() => loadConfig({ DATA_DIR: data, KEY_FILE: path.join(root, keyFile) }), keyFile).toThrow(/KEY_FILE: must be outside DATA_DIR/);
      }
      // DATA_DIR given as a link to the folder that holds the key.
      expect(() => loadConfig({ DATA_DIR: path.join(root, 'data-link'), KEY_FILE: path.join(data, 'keys', 'encryption.key') })).toThrow(/KEY_FILE: must be outside DATA_DIR/);
      expect(loadConfig({ DATA_DIR: path.join(root, 'data-link'), KEY_FILE: path.join(root, 'elsewhere', 'encryption.key') }).keyFile).toBe(path.join(root, 'elsewhere', 'encryption.key'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
