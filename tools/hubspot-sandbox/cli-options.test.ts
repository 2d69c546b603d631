import { describe, expect, it } from 'vitest';
import { FLAGS, helpText, parseCliOptions } from './cli-options';

describe('parseCliOptions', () => {
  it('has defaults for everything', () => {
    const result = parseCliOptions([], {});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.options).toMatchObject({ port: 4010, host: '127.0.0.1', accessTokenTtlSeconds: 1800, rateLimits: {}, logger: false });
    expect(result.options.portals).toEqual([
      expect.objectContaining({ portalId: 24_000_001, seed: 1, tier: 'professional', contacts: 1000, companies: 300, deals: 300, tickets: 300 }),
    ]);
    expect(result.options.faults).toMatchObject({ errorRate: 0, dropRate: 0, latencyMs: 0 });
  });

  it('reads flags, with environment variables as fallbacks', () => {
    const result = parseCliOptions(['--port', '4999', '--contacts', '10000', '--seed', '3', '--portals', '2', '--no-rate-limits', '--drop-rate', '0.1'], {
      HUBSPOT_SANDBOX_PORT: '1',
      HUBSPOT_SANDBOX_TIER: 'starter',
      HUBSPOT_SANDBOX_ERROR_RATE: '0.05',
      HUBSPOT_SANDBOX_TOKEN: 'pat-na1-my-dev-token',
      HUBSPOT_SANDBOX_SCOPES: 'crm.objects.contacts.read, tickets',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.options.port).toBe(4999);
    expect(result.options.rateLimits).toBe(false);
    expect(result.options.faults).toMatchObject({ errorRate: 0.05, dropRate: 0.1 });
    expect(result.options.portals).toEqual([
      expect.objectContaining({ portalId: 24_000_001, seed: 3, tier: 'starter', contacts: 10_000, privateApps: [{ token: 'pat-na1-my-dev-token', scopes: ['crm.objects.contacts.read', 'tickets'] }] }),
      expect.objectContaining({ portalId: 24_000_002, seed: 4, privateApps: [{ scopes: ['crm.objects.contacts.read', 'tickets'] }] }),
    ]);
  });

  it('scales the limits', () => {
    const result = parseCliOptions(['--rate-window-ms', '1000', '--burst', '20', '--daily', '500', '--search-per-second', '2'], {});
    expect(result.ok && result.options.rateLimits).toEqual({
      windowMs: 1000,
      burst: { starter: 20, professional: 20, enterprise: 20, oauth: 20 },
      daily: { starter: 500, professional: 500, enterprise: 500 },
      searchPerWindow: 2,
    });
  });

  it('reports every bad value at once', () => {
    const result = parseCliOptions(['--port', 'x', '--contacts=-1'], { HUBSPOT_SANDBOX_DROP_RATE: '2' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(3);
    expect(result.problems.join('\n')).toContain('HUBSPOT_SANDBOX_DROP_RATE');
    expect(parseCliOptions(['--unknown'], {}).ok).toBe(false);
  });

  it('documents every flag in the help', () => {
    const help = helpText();
    for (const flag of FLAGS) expect(help).toContain(`--${flag.name}`);
  });
});
