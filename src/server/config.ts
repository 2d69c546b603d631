import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which hops may write X-Forwarded-For, as Fastify's trustProxy takes it. `true` is one hop,
 * never all of them: trusting every hop makes the client address the leftmost entry, which
 * the client writes itself, and every limit keyed on it could be dodged or aimed at others.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): boolean | number | string[] => {
    if (['false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const proxies = value.split(',').map((entry) => entry.trim());
    if (proxies.every(isProxyAddress)) return proxies;
    ctx.addIssue({ code: 'custom', message: 'must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses or CIDRs' });
    return z.NEVER;
  });

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
  .optional();

/**
 * Every environment variable the product reads. README.md's configuration table and
 * .env.example follow this list; `sensitive` values never reach logs.
 */
export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('development, production or test; production hides development helpers'),
  HOST: z.string().min(1).default('0.0.0.0').describe('Interface the web server listens on'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('Port of the web app and /api'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe('Address users open, used in emails and start-up output (default http://localhost:PORT)'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Where embedded PostgreSQL (PGlite) keeps its files when DATABASE_URL is not set'),
  DATABASE_URL: postgresUrl.describe('A PostgreSQL server to use instead of embedded PGlite (sensitive)'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10).describe('Connections per process on a PostgreSQL server'),
  RUN_WORKERS: bool(true).describe('Run job workers inside the web process; set false when separate `npm run worker` processes do the work'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2).describe('Jobs of each queue one process runs at once'),
  SCAN_MEMORY_RECORDS: z.coerce.number().int().min(0).default(600_000).describe('Records of its last scans a worker keeps in memory, over all portals, so rescans redo only what changed (0: none); a selection over half of it is read from the mirror a page at a time, as columns, and not kept'),
  SESSION_PURGE_CRON: z
    .string()
    .regex(/^(\S+\s+){4,5}\S+$/, 'must be a cron expression of 5 or 6 fields')
    .default('17 * * * *')
    .describe('When expired sessions are purged (cron, UTC)'),
  JOB_SUPERVISE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(5)
    .describe('How often expired jobs and silent workers are looked for, in seconds; a scan whose worker died is taken over within about this plus 12 s'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Server log level'),
  LOG_FORMAT: z
    .enum(['pretty', 'json'])
    .optional()
    .describe('pretty: one readable line per event, the default in development; json: one JSON object per line for log collectors, the default otherwise'),
  TRUST_PROXY: trustProxy.describe(
    'Reverse proxies whose X-Forwarded-* headers count (needed for Secure cookies behind HTTPS): false, true for exactly one proxy in front, a number of proxy hops, or a comma-separated list of proxy addresses or CIDRs; the client address is the one the outermost trusted proxy saw',
  ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe('Mail server for outgoing email, e.g. smtps://user:password@smtp.example.com:465 (sensitive); required in production; without it (development) emails go to the development outbox under DATA_DIR'),
  EMAIL_FROM: z.string().min(3).default('DataCleaner <no-reply@datacleaner.local>').describe('Sender of every email'),
  SUPPORT_EMAIL: z.email().default('support@datacleaner.local').describe('Where messages from the Support page go; a reply goes straight to the person who wrote'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional().describe('OAuth client id for Sign in with Google; without it the Google button is hidden'),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional().describe('OAuth client secret for Sign in with Google (sensitive)'),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com').describe('OpenID Connect issuer for Sign in with Google'),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^([0-9a-f]{64}|[A-Za-z0-9+/_-]{43}=?)$/i, 'must be 32 bytes as 64 hex digits or base64')
    .optional()
    .describe('Key that encrypts CRM, Slack and OpenAI tokens at rest, 32 bytes in hex or base64, e.g. from `openssl rand -hex 32` (sensitive); production needs it or KEY_FILE'),
  KEY_FILE: z
    .string()
    .min(1)
    .optional()
    .describe('File holding the encryption key when ENCRYPTION_KEY is not set, generated on first start; outside DATA_DIR so one backup never holds both (default in development: ~/.config/datacleaner/encryption.key; no default in production)'),
  HUBSPOT_API_BASE: z.url().default('https://api.hubapi.com').describe('HubSpot API address; point it at the sandbox (npm run sandbox) for development and tests'),
  HUBSPOT_AUTHORIZE_URL: z.url().default('https://app.hubspot.com/oauth/authorize').describe('Where users approve the HubSpot app (OAuth); the sandbox serves one too'),
  HUBSPOT_CLIENT_ID: z.string().min(1).optional().describe('HubSpot public app client id; enables connecting with OAuth'),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional().describe('HubSpot public app client secret (sensitive)'),
  SLACK_API_URL: z
    .url()
    .default('https://slack.com/api/')
    .transform((url) => (url.endsWith('/') ? url : `${url}/`))
    .describe("Slack Web API address (with its trailing /api/); point it at the Slack sandbox (npm run slack-sandbox) for development and tests"),
  SLACK_AUTHORIZE_URL: z.url().default('https://slack.com/oauth/v2/authorize').describe('Where users approve the Slack app ("Add to Slack"); the Slack sandbox serves one too'),
  SLACK_CLIENT_ID: z.string().min(1).optional().describe('Slack app client id; with SLACK_CLIENT_SECRET enables "Add to Slack"'),
  SLACK_CLIENT_SECRET: z.string().min(1).optional().describe('Slack app client secret (sensitive)'),
  AI_API_BASE: z
    .url()
    .optional()
    .describe("OpenAI-compatible API address with its /v1 (e.g. a self-hosted model's); OpenAI's when not set. Point it at the OpenAI sandbox (npm run openai-sandbox) for development and tests"),
  DEMO_OPENAI_API_KEY: z.string().min(1).optional().describe("OpenAI key the public demo's assistant uses (sensitive); without it the demo answers its starter questions without a model"),
  STRIPE_SECRET_KEY: z.string().min(1).optional().describe('Stripe secret key (sk_live_... or sk_test_...; sensitive); without it billing is off and /subscribe says so'),
  STRIPE_API_URL: z.url().default('https://api.stripe.com').describe('Stripe API address; point it at the Stripe sandbox (npm run stripe-sandbox) for development and tests'),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional().describe('Signing secret of the webhook endpoint PUBLIC_URL/api/billing/webhook (whsec_...; sensitive)'),
  STRIPE_PRICE_STARTER: z.string().min(1).optional().describe('Stripe price id of Starter (monthly); made from the catalog on first use when not set'),
  STRIPE_PRICE_PROFESSIONAL: z.string().min(1).optional().describe('Stripe price id of Professional (monthly); made from the catalog on first use when not set'),
  STRIPE_PRICE_ENTERPRISE: z.string().min(1).optional().describe('Stripe price id of Enterprise (monthly); made from the catalog on first use when not set'),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  publicUrl: string;
  /** Where the encryption key is kept when ENCRYPTION_KEY is not set. */
  keyFile: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once and reports every bad variable together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "not set", as in most .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  problems.push(...keyProblems(present));
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const c = result.data;
  const dataDir = path.resolve(c.DATA_DIR);
  const keyFile = c.KEY_FILE ? path.resolve(c.KEY_FILE) : c.NODE_ENV === 'production' ? undefined : defaultKeyFile(env);
  return {
    ...c,
    dataDir,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    keyFile,
  };
}

/**
 * Rules across variables. Production cannot run without SMTP (emails, with their verification
 * and reset links, would only be written to disk) nor without a key of its own; and no key
 * file may sit inside the data it protects.
 */
function keyProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) problems.push('SMTP_URL: required in production, so that emails reach people, e.g. smtps://user:password@smtp.example.com:465');
  if (env.NODE_ENV === 'production' && !env.ENCRYPTION_KEY && !env.KEY_FILE) {
    problems.push('ENCRYPTION_KEY: required in production (32 bytes, e.g. the output of `openssl rand -hex 32`), or set KEY_FILE to a key file kept apart from DATA_DIR (a DATA_DIR/encryption.key from an earlier version is moved there)');
  }
  const dataDir = path.resolve(env.DATA_DIR ?? configSchema.shape.DATA_DIR.parse(undefined));
  if (!env.ENCRYPTION_KEY && env.KEY_FILE && isInside(path.resolve(env.KEY_FILE), dataDir)) {
    problems.push(`KEY_FILE: must be outside DATA_DIR (${dataDir}), so that one backup never holds both the data and its key`);
  }
  return problems;
}

/** The per-user place for the development key: outside any project and any DATA_DIR. */
function defaultKeyFile(env: NodeJS.ProcessEnv): string {
  const configHome = env.XDG_CONFIG_HOME || env.APPDATA || path.join(os.homedir(), '.config');
  return path.join(configHome, 'datacleaner', 'encryption.key');
}

/** Whether file lies within dir once symlinks are followed, so a link cannot hide a key inside DATA_DIR. */
function isInside(file: string, dir: string): boolean {
  const relative = path.relative(realPath(dir), realPath(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * The path with its existing part's symlinks resolved, the rest (not created yet) as given. A
 * link to a file not yet created counts as its target: writing the key through it lands there.
 */
function realPath(target: string): string {
  try {
    return realpathSync.native(target);
  } catch (error) {
    const parent = path.dirname(target);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === target) return target;
    if (lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) return realPath(path.resolve(realPath(parent), readlinkSync(target)));
    return path.join(realPath(parent), path.basename(target));
  }
}

/** Loads `.env` when there is one, then the config; exits with the list of problems if it is bad. */
export function loadConfigOrExit(): Config {
  try {
    process.loadEnvFile?.();
  } catch {
    // No .env file: the environment alone is the configuration.
  }
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
