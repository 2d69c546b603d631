import { updateSettingsRequestSchema, type UpdateSettingsRequest, type UserSettingsView } from '../../../shared/contracts/settings';
import { OBJECT_TYPES } from '../../../shared/object-types';
import { ApiError } from '../../lib/api-request';

/** Settings > AI saves these itself (PUT /api/settings/ai), so the general form never sends them. */
const AI_KEYS = ['aiAssistEnabled', 'preferredModel', 'rememberOpenaiKey', 'openaiApiKey'] as const;
type AiKey = (typeof AI_KEYS)[number];

/** Every setting the form can change: the request's fields but the AI ones. */
export type SettingKey = Exclude<keyof UpdateSettingsRequest & string, AiKey>;

const NUMBER_KEYS = [
  'maxRecordsLimit',
  'contactsSamplingRate',
  'companiesSamplingRate',
  'dealsSamplingRate',
  'ticketsSamplingRate',
  'fuzzyMatchingThreshold',
  'automaticCleanupMaxMerges',
] as const;
type NumberKey = (typeof NUMBER_KEYS)[number];

/** A share (0-1) the form shows and edits as a whole percentage. */
const PERCENT_KEYS = ['automaticCleanupMinConfidence'] as const;
type PercentKey = (typeof PERCENT_KEYS)[number];

/** What the view says about the user and the server, which the form shows but never sends. */
type ViewOnlyKey =
  | 'hasHubspotToken'
  | 'hasSlackBotToken'
  | 'hasOpenaiApiKey'
  | 'schedule'
  | 'updatedAt'
  | 'automaticCleanupAllowed'
  | 'slackAllowed'
  | 'weeklyReportAllowed'
  | 'slackInstallAvailable'
  | 'emailDeliveryConfigured';

/** Blank or null both mean "none" for these. */
const CLEARABLE_TEXT_KEYS = ['notificationEmail', 'slackChannel'] as const;
type ClearableTextKey = (typeof CLEARABLE_TEXT_KEYS)[number];

const SECRET_KEYS = ['slackBotToken'] as const;
type SecretKey = (typeof SECRET_KEYS)[number];

type Plain = Omit<UserSettingsView, NumberKey | PercentKey | ClearableTextKey | ViewOnlyKey | AiKey>;

/**
 * What the form holds. Numbers and text are kept as typed, so a half-typed value can be
 * shown with its error. A secret is write-only: undefined keeps what is stored, a string
 * replaces it, null removes it.
 */
export type SettingsDraft = Plain & Record<NumberKey | PercentKey, string> & Record<ClearableTextKey, string> & Record<SecretKey, string | null | undefined>;

export type SettingsErrors = Partial<Record<SettingKey, string>>;

/** 0.95 -> "95". */
function asPercentText(share: number): string {
  return String(Math.round(share * 100));
}

export function toDraft(view: UserSettingsView): SettingsDraft {
  const {
    hasHubspotToken: _hub,
    hasSlackBotToken: _slack,
    hasOpenaiApiKey: _openai,
    schedule: _schedule,
    updatedAt: _updated,
    automaticCleanupAllowed: _cleanup,
    slackAllowed: _slackAllowed,
    weeklyReportAllowed: _reportAllowed,
    slackInstallAvailable: _install,
    emailDeliveryConfigured: _smtp,
    aiAssistEnabled: _ai,
    preferredModel: _model,
    rememberOpenaiKey: _remember,
    ...rest
  } = view;
  return {
    ...rest,
    maxRecordsLimit: String(view.maxRecordsLimit),
    contactsSamplingRate: String(view.contactsSamplingRate),
    companiesSamplingRate: String(view.companiesSamplingRate),
    dealsSamplingRate: String(view.dealsSamplingRate),
    ticketsSamplingRate: String(view.ticketsSamplingRate),
    fuzzyMatchingThreshold: String(view.fuzzyMatchingThreshold),
    automaticCleanupMaxMerges: String(view.automaticCleanupMaxMerges),
    automaticCleanupMinConfidence: asPercentText(view.automaticCleanupMinConfidence),
    notificationEmail: view.notificationEmail ?? '',
    slackChannel: view.slackChannel ?? '',
    slackBotToken: undefined,
  };
}

/** A typed number as the API takes it; blank is not a number, so it gets the range message rather than becoming 0. */
function asNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((type) => b.includes(type));
}

/** The fields whose draft differs from the saved view, as the request sends them (a partial update). */
export function changedSettings(view: UserSettingsView, draft: SettingsDraft): Record<string, unknown> {
  const saved = toDraft(view);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(saved) as (keyof SettingsDraft)[]) {
    const before = saved[key];
    const after = draft[key];
    if (key === 'objectsToAnalyze') {
      if (!sameTypes(view.objectsToAnalyze, draft.objectsToAnalyze)) changes[key] = OBJECT_TYPES.filter((type) => draft.objectsToAnalyze.includes(type));
    } else if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      if (String(after).trim() !== before) changes[key] = asNumber(String(after));
    } else if ((PERCENT_KEYS as readonly string[]).includes(key)) {
      if (String(after).trim() !== before) changes[key] = Math.round(asNumber(String(after))) / 100;
    } else if ((CLEARABLE_TEXT_KEYS as readonly string[]).includes(key)) {
      if (String(after).trim() !== before) changes[key] = String(after).trim() || null;
    } else if ((SECRET_KEYS as readonly string[]).includes(key)) {
      if (after !== undefined) changes[key] = after;
    } else if (after !== before) {
      changes[key] = after;
    }
  }
  return changes;
}

/** The shared contract's own messages (the server answers the same ones). */
export function validateSettings(changes: Record<string, unknown>): { request: UpdateSettingsRequest | null; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const result = updateSettingsRequestSchema.safeParse(changes);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && !errors[key as SettingKey]) errors[key as SettingKey] = issue.message;
    }
  }
  return { request: result.success && Object.keys(errors).length === 0 ? result.data : null, errors };
}

const KNOWN_KEYS = new Set<string>(Object.keys(updateSettingsRequestSchema.shape).filter((key) => !(AI_KEYS as readonly string[]).includes(key)));

/**
 * Where a refused save belongs: the server's message on the field it names (or, for a plan
 * refusal, the gated field that was `sent`), else on the whole form. Validation errors read
 * "Invalid body: field: message; other: message".
 */
export function saveErrors(error: unknown, sent: UpdateSettingsRequest): { fields: SettingsErrors; form: string | null } {
  const fallback = 'Your settings could not be saved. Check your connection and try again.';
  if (!(error instanceof ApiError)) return { fields: {}, form: fallback };
  const data = error.data;
  const message = typeof data?.message === 'string' ? data.message : null;
  if (!message) return { fields: {}, form: error.status >= 500 ? 'Something went wrong on our side. Please try again.' : fallback };
  if (data?.code === 'PLAN_REQUIRED') {
    // The server checks the schedule first, then Slack, then automatic cleanup: the settings a plan gates.
    if (sent.analysisFrequency === 'daily') return { fields: { analysisFrequency: message }, form: null };
    if (sent.slackNotifications === true) return { fields: { slackNotifications: message }, form: null };
    if (sent.automaticCleanupEnabled === true) return { fields: { automaticCleanupEnabled: message }, form: null };
    return { fields: {}, form: message };
  }
  if (data?.code === 'VALIDATION_ERROR') {
    const fields: SettingsErrors = {};
    const unplaced: string[] = [];
    // A message may hold "; " itself ("... is empty; send null to remove it"): split only where a field name follows.
    for (const part of message.replace(/^Invalid [^:]+: /, '').split(/; (?=[A-Za-z][\w.]*: )/)) {
      const match = /^([A-Za-z]\w*)(?:\.[\w.]+)?: (.+)$/s.exec(part);
      const key = match?.[1];
      if (match && key && KNOWN_KEYS.has(key)) fields[key as SettingKey] ??= match[2]!;
      else unplaced.push(part);
    }
    return { fields, form: unplaced.length > 0 ? unplaced.join(' ') : null };
  }
  return { fields: {}, form: message };
}
