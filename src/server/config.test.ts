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
});
