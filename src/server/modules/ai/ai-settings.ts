import { sql } from 'drizzle-orm';
import { DEFAULT_AI_MODEL, type AiModels, type AiSettingsView, type AiTestResult, type UpdateAiSettingsRequest } from '../../../shared/contracts/ai';
import type { UpdateSettingsRequest } from '../../../shared/contracts/settings';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { userSettings, type User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { updateSettings } from '../settings';
import { aiClientFor, aiKeyFor, OPENAI_BASE_URL, storedAiSettings, takeAiCall, type AiDependencies, type AiSession } from './ai-client';
import { mapAiError } from './ai-errors';
import { sessionKeys } from './session-keys';

export interface AiSettingsDependencies extends AiDependencies {
  queue: JobQueue;
}

export async function readAiSettings(deps: AiDependencies, user: User, session: AiSession | null): Promise<AiSettingsView> {
  const row = await storedAiSettings(deps.db, user.id);
  const { source } = await aiKeyFor(deps, user, session, row);
  return {
    enabled: row?.aiAssistEnabled ?? SETTINGS_DEFAULTS.aiAssistEnabled,
    hasKey: source !== 'none',
    remembered: row?.rememberOpenaiKey ?? SETTINGS_DEFAULTS.rememberOpenaiKey,
    keySource: source,
    preferredModel: row?.preferredModel ?? SETTINGS_DEFAULTS.preferredModel,
    baseUrl: row?.openaiBaseUrl ?? null,
    defaultBaseUrl: deps.config.AI_API_BASE ?? OPENAI_BASE_URL,
  };
}

/** The demo's: AI on only when the server has DEMO_OPENAI_API_KEY, with the server's address. */
export function demoAiSettings(deps: Pick<AiDependencies, 'config'>): AiSettingsView {
  const hasKey = Boolean(deps.config.DEMO_OPENAI_API_KEY);
  const defaultBaseUrl = deps.config.AI_API_BASE ?? OPENAI_BASE_URL;
  return { enabled: hasKey, hasKey, remembered: false, keySource: hasKey ? 'server' : 'none', preferredModel: DEFAULT_AI_MODEL, baseUrl: null, defaultBaseUrl };
}

/**
 * Saves AI settings. A key the user wants remembered is sealed in settings; otherwise it is
 * held for this session only and the database keeps none. Turning "remember" on or off
 * carries the key in use across, so the user does not have to paste it again.
 */
export async function updateAiSettings(deps: AiSettingsDependencies, user: User, session: AiSession | null, changes: UpdateAiSettingsRequest): Promise<AiSettingsView> {
  const keys = deps.keys ?? sessionKeys;
  const row = await storedAiSettings(deps.db, user.id);
  const wasRemembered = row?.rememberOpenaiKey ?? SETTINGS_DEFAULTS.rememberOpenaiKey;
  const remember = changes.rememberOpenaiKey ?? wasRemembered;
  let key = changes.openaiApiKey;
  if (key === undefined && remember !== wasRemembered) key = (await aiKeyFor(deps, user, session, row)).key ?? undefined;

  const settingsChanges: UpdateSettingsRequest = {};
  if (changes.aiAssistEnabled !== undefined) settingsChanges.aiAssistEnabled = changes.aiAssistEnabled;
  if (changes.preferredModel !== undefined) settingsChanges.preferredModel = changes.preferredModel;
  if (changes.rememberOpenaiKey !== undefined) settingsChanges.rememberOpenaiKey = changes.rememberOpenaiKey;
  if (key === null) keys.deleteUser(user.id);
  if (remember) {
    if (key !== undefined) settingsChanges.openaiApiKey = key;
    if (session) keys.delete(session.id);
  } else if (typeof key === 'string') {
    if (!session) throw new HttpError(400, 'AI_KEY_NEEDS_SESSION', 'A key that is not remembered is kept for your signed-in session only; sign in to add one.');
    keys.set(session.id, user.id, key);
  }
  // Settings drop the stored key whenever remember is off.
  await updateSettings(deps, user, settingsChanges);
  if (changes.baseUrl !== undefined) {
    await deps.db
      .insert(userSettings)
      .values({ userId: user.id, openaiBaseUrl: changes.baseUrl, updatedAt: new Date() })
      .onConflictDoUpdate({ target: userSettings.userId, set: { openaiBaseUrl: changes.baseUrl, updatedAt: sql`now()` } });
  }
  return readAiSettings(deps, user, session);
}

/** Forgets the key everywhere: sealed in settings and held by any of the user's sessions. */
export async function removeAiKey(deps: AiSettingsDependencies, user: User, session: AiSession | null): Promise<AiSettingsView> {
  (deps.keys ?? sessionKeys).deleteUser(user.id);
  await updateSettings(deps, user, { openaiApiKey: null });
  return readAiSettings(deps, user, session);
}

/** Ids that name models for something other than chat. */
const NOT_CHAT = /(embed|whisper|tts|dall-e|davinci|babbage|audio|realtime|transcribe|image|moderation|search|computer-use|sora)/i;
/** OpenAI's own chat models (its -instruct ones only complete text); another server's ids are its own, so only NOT_CHAT filters there. */
const OPENAI_CHAT = /^(gpt-|chatgpt-|o\d)(?!.*instruct)/i;

/** The chat models the key can use, from the server's /models: the default first, then by name. */
export async function listAiModels(deps: AiDependencies, user: User, session: AiSession | null): Promise<AiModels> {
  const ai = await aiClientFor(deps, user, session, { requireEnabled: false });
  await takeAiCall(deps.db, user);
  const isOpenAi = ai.baseUrl === OPENAI_BASE_URL;
  const models: AiModels['models'] = [];
  try {
    for await (const model of ai.client.models.list()) {
      if (NOT_CHAT.test(model.id) || (isOpenAi && !OPENAI_CHAT.test(model.id))) continue;
      models.push({ id: model.id, ownedBy: model.owned_by ?? '' });
    }
  } catch (error) {
    throw mapAiError(error);
  }
  models.sort((a, b) => Number(b.id === DEFAULT_AI_MODEL) - Number(a.id === DEFAULT_AI_MODEL) || a.id.localeCompare(b.id));
  return { models, preferredModel: ai.model };
}

/** A tiny completion: proof that the key, the address and the model work together. */
export async function testAi(deps: AiDependencies, user: User, session: AiSession | null, model?: string): Promise<AiTestResult> {
  const ai = await aiClientFor(deps, user, session, { requireEnabled: false, ...(model ? { model } : {}) });
  await takeAiCall(deps.db, user);
  try {
    const answer = await ai.client.chat.completions.create({ model: ai.model, messages: [{ role: 'user', content: 'Reply with the single word OK.' }] });
    const reply = (answer.choices[0]?.message.content ?? '').trim().slice(0, 200);
    return { ok: true, model: ai.model, reply, message: `Your key works with ${ai.model}.` };
  } catch (error) {
    throw mapAiError(error, ai.model);
  }
}


