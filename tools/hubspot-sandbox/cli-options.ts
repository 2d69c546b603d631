/**
 * The sandbox CLI's flags and their HUBSPOT_SANDBOX_* environment equivalents, read once and
 * checked together: every bad value is reported, not just the first.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { FaultOptions } from './faults';
import type { PortalOptions } from './portal';
import type { RateLimitOptions } from './rate-limiter';
import type { SandboxOptions } from './sandbox';

interface Flag {
  name: string;
  env: string;
  kind: 'string' | 'boolean';
  description: string;
}

export const FLAGS: readonly Flag[] = [
  { name: 'port', env: 'HUBSPOT_SANDBOX_PORT', kind: 'string', description: 'port to listen on (default 4010; 0 picks a free one)' },
  { name: 'host', env: 'HUBSPOT_SANDBOX_HOST', kind: 'string', description: 'address to listen on (default 127.0.0.1; admin routes have no auth)' },
  { name: 'seed', env: 'HUBSPOT_SANDBOX_SEED', kind: 'string', description: 'generator seed: same seed, same records (default 1)' },
  { name: 'contacts', env: 'HUBSPOT_SANDBOX_CONTACTS', kind: 'string', description: 'contacts per portal (default 1000, up to 2,000,000)' },
  { name: 'companies', env: 'HUBSPOT_SANDBOX_COMPANIES', kind: 'string', description: 'companies per portal (default 300)' },
  { name: 'deals', env: 'HUBSPOT_SANDBOX_DEALS', kind: 'string', description: 'deals per portal (default 300)' },
  { name: 'tickets', env: 'HUBSPOT_SANDBOX_TICKETS', kind: 'string', description: 'tickets per portal (default 300)' },
  { name: 'duplicate-rate', env: 'HUBSPOT_SANDBOX_DUPLICATE_RATE', kind: 'string', description: 'share of records that are copies of another, 0 to 0.5 (default 0.2)' },
  { name: 'portals', env: 'HUBSPOT_SANDBOX_PORTALS', kind: 'string', description: 'number of portals, each with the next seed and id (default 1)' },
  { name: 'portal-id', env: 'HUBSPOT_SANDBOX_PORTAL_ID', kind: 'string', description: 'id of the first portal (default 24000001)' },
  { name: 'tier', env: 'HUBSPOT_SANDBOX_TIER', kind: 'string', description: 'starter | professional | enterprise (default professional)' },
  { name: 'time-zone', env: 'HUBSPOT_SANDBOX_TIME_ZONE', kind: 'string', description: 'portal time zone; the daily limit resets at its midnight (default US/Eastern)' },
  { name: 'salesforce', env: 'HUBSPOT_SANDBOX_SALESFORCE', kind: 'boolean', description: 'portals have a Salesforce integration (company merges refused)' },
  { name: 'token', env: 'HUBSPOT_SANDBOX_TOKEN', kind: 'string', description: "the first portal's private app token (default: stable, derived from the portal id)" },
  { name: 'scopes', env: 'HUBSPOT_SANDBOX_SCOPES', kind: 'string', description: 'comma-separated scopes of the private apps (default: every CRM scope)' },
  { name: 'client-id', env: 'HUBSPOT_SANDBOX_CLIENT_ID', kind: 'string', description: 'OAuth app client id (default: stable)' },
  { name: 'client-secret', env: 'HUBSPOT_SANDBOX_CLIENT_SECRET', kind: 'string', description: 'OAuth app client secret (default: stable)' },
  { name: 'redirect-uri', env: 'HUBSPOT_SANDBOX_REDIRECT_URIS', kind: 'string', description: 'comma-separated redirect URIs the OAuth app allows (default: any)' },
  { name: 'token-ttl', env: 'HUBSPOT_SANDBOX_TOKEN_TTL', kind: 'string', description: 'OAuth access token lifetime in seconds (default 1800)' },
  { name: 'no-rate-limits', env: 'HUBSPOT_SANDBOX_NO_RATE_LIMITS', kind: 'boolean', description: 'turn the rate limits off' },
  { name: 'rate-window-ms', env: 'HUBSPOT_SANDBOX_RATE_WINDOW_MS', kind: 'string', description: 'burst window (default 10000)' },
  { name: 'burst', env: 'HUBSPOT_SANDBOX_BURST', kind: 'string', description: 'requests per burst window for every app (default by tier: 100/190/190, OAuth 110)' },
  { name: 'daily', env: 'HUBSPOT_SANDBOX_DAILY', kind: 'string', description: 'daily requests per portal for private apps (default by tier: 250k/625k/1M)' },
  { name: 'search-per-second', env: 'HUBSPOT_SANDBOX_SEARCH_PER_SECOND', kind: 'string', description: 'searches per second per portal (default 5)' },
  { name: 'error-rate', env: 'HUBSPOT_SANDBOX_ERROR_RATE', kind: 'string', description: 'share of requests answered 500, 0 to 1 (default 0)' },
  { name: 'error-status', env: 'HUBSPOT_SANDBOX_ERROR_STATUS', kind: 'string', description: 'status of injected errors (default 500)' },
  { name: 'drop-rate', env: 'HUBSPOT_SANDBOX_DROP_RATE', kind: 'string', description: 'share of connections dropped without an answer, 0 to 1 (default 0)' },
  { name: 'latency-ms', env: 'HUBSPOT_SANDBOX_LATENCY_MS', kind: 'string', description: 'added to every request (default 0)' },
  { name: 'latency-jitter-ms', env: 'HUBSPOT_SANDBOX_LATENCY_JITTER_MS', kind: 'string', description: 'up to this much more, at random (default 0)' },
  { name: 'fault-seed', env: 'HUBSPOT_SANDBOX_FAULT_SEED', kind: 'string', description: 'seed of the fault decisions (default 1)' },
  { name: 'log', env: 'HUBSPOT_SANDBOX_LOG', kind: 'boolean', description: 'log every request' },
  { name: 'help', env: '', kind: 'boolean', description: 'show this help' },
];

const integer = (min: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max);
const share = z.coerce.number().min(0).max(1);
const switchValue = z.union([z.boolean(), z.enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off']).transform((text) => ['1', 'true', 'yes', 'on'].includes(text))]);
const list = z.string().transform((text) => text.split(',').map((item) => item.trim()).filter(Boolean));

const schema = z.object({
  port: integer(0, 65_535).default(4010),
  host: z.string().min(1).default('127.0.0.1'),
  seed: integer(Number.MIN_SAFE_INTEGER).default(1),
  contacts: integer(0, 2_000_000).default(1000),
  companies: integer(0, 2_000_000).default(300),
  deals: integer(0, 2_000_000).default(300),
  tickets: integer(0, 2_000_000).default(300),
  'duplicate-rate': z.coerce.number().min(0).max(0.5).default(0.2),
  portals: integer(1, 100).default(1),
  'portal-id': integer(1).default(24_000_001),
  tier: z.enum(['starter', 'professional', 'enterprise']).default('professional'),
  'time-zone': z.string().optional(),
  salesforce: switchValue.default(false),
  token: z.string().min(8).optional(),
  scopes: list.optional(),
  'client-id': z.string().min(1).optional(),
  'client-secret': z.string().min(1).optional(),
  'redirect-uri': list.optional(),
  'token-ttl': integer(1).default(1800),
  'no-rate-limits': switchValue.default(false),
  'rate-window-ms': integer(1).optional(),
  burst: integer(0).optional(),
  daily: integer(0).optional(),
  'search-per-second': integer(0).optional(),
  'error-rate': share.default(0),
  'error-status': integer(500, 599).default(500),
  'drop-rate': share.default(0),
  'latency-ms': integer(0).default(0),
  'latency-jitter-ms': integer(0).default(0),
  'fault-seed': integer(Number.MIN_SAFE_INTEGER).default(1),
  log: switchValue.default(false),
  help: z.boolean().default(false),
});

export type CliResult = { ok: true; options: SandboxOptions & { port: number; host: string }; help: boolean } | { ok: false; problems: string[] };

export function parseCliOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliResult {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: Object.fromEntries(FLAGS.map((flag) => [flag.name, { type: flag.kind }])),
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : String(error)] };
  }
  const raw: Record<string, string | boolean> = {};
  for (const flag of FLAGS) {
    const value = values[flag.name] ?? (flag.env ? env[flag.env] : undefined);
    if (value !== undefined && value !== '') raw[flag.name] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const flag = FLAGS.find((candidate) => candidate.name === issue.path[0]);
        return `--${String(issue.path[0])}${flag?.env ? ` (${flag.env})` : ''}: ${issue.message}`;
      }),
    };
  }
  const o = parsed.data;
  const portals: PortalOptions[] = Array.from({ length: o.portals }, (_, i) => ({
    portalId: o['portal-id'] + i,
    seed: o.seed + i,
    tier: o.tier,
    contacts: o.contacts,
    companies: o.companies,
    deals: o.deals,
    tickets: o.tickets,
    duplicateRate: o['duplicate-rate'],
    salesforceIntegration: o.salesforce,
    ...(o['time-zone'] ? { timeZone: o['time-zone'] } : {}),
    privateApps: [{ ...(i === 0 && o.token ? { token: o.token } : {}), ...(o.scopes ? { scopes: o.scopes } : {}) }],
  }));
  const rateLimits: RateLimitOptions | false = o['no-rate-limits']
    ? false
    : {
        ...(o['rate-window-ms'] !== undefined ? { windowMs: o['rate-window-ms'] } : {}),
        ...(o.burst !== undefined ? { burst: { starter: o.burst, professional: o.burst, enterprise: o.burst, oauth: o.burst } } : {}),
        ...(o.daily !== undefined ? { daily: { starter: o.daily, professional: o.daily, enterprise: o.daily } } : {}),
        ...(o['search-per-second'] !== undefined ? { searchPerWindow: o['search-per-second'] } : {}),
      };
  const faults: FaultOptions = {
    errorRate: o['error-rate'],
    errorStatus: o['error-status'],
    dropRate: o['drop-rate'],
    latencyMs: o['latency-ms'],
    latencyJitterMs: o['latency-jitter-ms'],
    seed: o['fault-seed'],
  };
  if (o['error-rate'] + o['drop-rate'] > 1) return { ok: false, problems: ['--error-rate and --drop-rate together may not exceed 1'] };
  return {
    ok: true,
    help: o.help,
    options: {
      port: o.port,
      host: o.host,
      portals,
      oauthApps: [{ ...(o['client-id'] ? { clientId: o['client-id'] } : {}), ...(o['client-secret'] ? { clientSecret: o['client-secret'] } : {}), redirectUris: o['redirect-uri'] ?? [] }],
      accessTokenTtlSeconds: o['token-ttl'],
      rateLimits,
      faults,
      logger: o.log,
    },
  };
}

export function helpText(): string {
  const width = Math.max(...FLAGS.map((flag) => flag.name.length + (flag.kind === 'string' ? 8 : 0)));
  const lines = FLAGS.map((flag) => {
    const left = `--${flag.name}${flag.kind === 'string' ? ' <value>' : ''}`;
    return `  ${left.padEnd(width + 3)} ${flag.description}${flag.env ? ` [${flag.env}]` : ''}`;
  });
  return ['Usage: npm run sandbox -- [options]', '', 'A HubSpot-compatible API server on loopback, with seeded portals.', '', ...lines].join('\n');
}
