import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { DEFAULT_AI_MODEL, type AiKeySource } from '../../../shared/contracts/ai';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userSettings, type User, type UserSettings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { secretBoxFor } from '../../security/secret-box';
import { Limit } from '../auth';
import { AI_ERROR_CODES } from './ai-errors';
import { sessionKeys, type SessionKeyStore } from './session-keys';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface AiDependencies {
  db: Db;
  config: Config;
  /** The in-memory keys of sessions (default: the process's store). */
  keys?: SessionKeyStore;
  /** Per request, in ms (default 60 s). */
  timeoutMs?: number;
}

/** The session a request runs in: only its id (a hash of the cookie) is used. */
export interface AiSession {
  id: string;
}

export type AiUnavailableReason = 'disabled' | 'no-key';

/** The model cannot be asked for a reason of the user's settings, not a failure: callers fall back to answering without it. */
export class AiUnavailable extends HttpError {
  constructor(readonly reason: AiUnavailableReason) {
    super(
      409,
      reason === 'disabled' ? 'AI_DISABLED' : 'AI_NO_KEY',
      reason === 'disabled' ? 'AI assistance is turned off. Turn it on in Settings > AI.' : 'Add your OpenAI API key in Settings > AI to use AI assistance.',
    );
    this.name = 'AiUnavailable';
  }
}

export interface AiKey {
  key: string | null;
  source: AiKeySource;
}

export interface AiConnection {
  client: OpenAI;
  model: string;
  keySource: Exclude<AiKeySource, 'none'>;
  baseUrl: string;
}

export async function storedAiSettings(db: Db, userId: number): Promise<UserSettings | null> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row ?? null;
}

/** The key this session would use: the sealed one when remembered, else the session's, else none; the demo's is the server's. */
export async function aiKeyFor(deps: AiDependencies, user: User, session: AiSession | null, row?: UserSettings | null): Promise<AiKey> {
  if (user.isDemo) return deps.config.DEMO_OPENAI_API_KEY ? { key: deps.config.DEMO_OPENAI_API_KEY, source: 'server' } : { key: null, source: 'none' };
  const settings = row === undefined ? await storedAiSettings(deps.db, user.id) : row;
  if (settings?.rememberOpenaiKey && settings.openaiApiKey) {
    const secrets = await secretBoxFor(deps.config);
    return { key: secrets.open(settings.openaiApiKey), source: 'saved' };
  }
  const keys = deps.keys ?? sessionKeys;
  await keys.prune(deps.db);
  const held = session ? keys.get(session.id, user.id) : null;
  return held ? { key: held, source: 'session' } : { key: null, source: 'none' };
}

/** The user's base URL, else AI_API_BASE, else OpenAI's. */
export function aiBaseUrl(config: Config, row: UserSettings | null | undefined): string {
  return row?.openaiBaseUrl ?? config.AI_API_BASE ?? OPENAI_BASE_URL;
}

/** An SDK client on a key and address; the one place clients are made, so timeouts and retries agree. */
export function openAiClient(key: string, baseUrl: string, timeoutMs = 60_000): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: baseUrl, timeout: timeoutMs, maxRetries: 1 });
}

/**
 * The official client for this user and session, with their model. Throws AiUnavailable when
 * no key is at hand, or when AI assistance is off (unless `requireEnabled: false`, as the
 * settings screen's key check does).
 */
export async function aiClientFor(deps: AiDependencies, user: User, session: AiSession | null, options: { requireEnabled?: boolean; model?: string } = {}): Promise<AiConnection> {
  const row = await storedAiSettings(deps.db, user.id);
  const enabled = user.isDemo ? Boolean(deps.config.DEMO_OPENAI_API_KEY) : (row?.aiAssistEnabled ?? false);
  if ((options.requireEnabled ?? true) && !enabled) throw new AiUnavailable('disabled');
  const { key, source } = await aiKeyFor(deps, user, session, row);
  if (!key || source === 'none') throw new AiUnavailable('no-key');
  const baseUrl = user.isDemo ? (deps.config.AI_API_BASE ?? OPENAI_BASE_URL) : aiBaseUrl(deps.config, row);
  return { client: openAiClient(key, baseUrl, deps.timeoutMs), model: options.model ?? row?.preferredModel ?? DEFAULT_AI_MODEL, keySource: source, baseUrl };
}

/** 30 model calls per user in 10 minutes, counted in the database so every process shares it. */
export const AI_CALLS_PER_WINDOW = 30;
const AI_WINDOW_SECONDS = 600;
const limits = new WeakMap<Db, Limit>();

/** Counts one model call of the user's; throws 429 in words once the window is used up. */
export async function takeAiCall(db: Db, user: User): Promise<void> {
  let limit = limits.get(db);
  if (!limit) limits.set(db, (limit = new Limit(db, 'ai-calls', AI_CALLS_PER_WINDOW, AI_WINDOW_SECONDS)));
  const wait = await limit.count(`user:${user.id}`);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new HttpError(429, AI_ERROR_CODES.rateLimited, `You have asked the AI ${AI_CALLS_PER_WINDOW} times in 10 minutes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  }
}
