import { eq } from 'drizzle-orm';
import { AUTOMATIC_CLEANUP_DEFAULTS } from '../../../shared/contracts/cleanup';
import type { UpdateSettingsRequest, UserSettingsView } from '../../../shared/contracts/settings';
import { ANALYSIS_FREQUENCIES, SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userSettings, type User, type UserSettings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { secretBoxFor } from '../../security/secret-box';
import { allowsChatNotifications, allowsDailySchedule, allowsWeeklyReports, CHAT_NOTIFICATIONS_NEED_PROFESSIONAL } from '../accounts';
import { AUTOMATIC_CLEANUP_NEEDS_PROFESSIONAL, allowsAutomaticCleanup } from '../cleanup';
import { findConnection } from '../hubspot';
import { applyScanSchedule, nextScheduledScan, scanCron, type AnalysisFrequency } from '../scans';

export interface SettingsDependencies {
  db: Db;
  queue: JobQueue;
  config: Config;
}

export const DAILY_NEEDS_PROFESSIONAL = 'Daily scans are part of the Professional plan. Upgrade to Professional to scan every day, or choose weekly or monthly scans.';

async function storedSettings(db: Db, userId: number): Promise<UserSettings | null> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * The user's settings, the defaults where they saved none. Reading also makes sure the scan
 * schedule matches them: a new user's default weekly schedule starts existing here.
 */
export async function readSettings(deps: SettingsDependencies, user: User): Promise<UserSettingsView> {
  return view(deps, user, await storedSettings(deps.db, user.id));
}

/** A partial update: secrets sealed, the plan's limits enforced, the schedule changed at once. */
export async function updateSettings(deps: SettingsDependencies, user: User, changes: UpdateSettingsRequest): Promise<UserSettingsView> {
  const { db, config } = deps;
  if (changes.analysisFrequency === 'daily' && !allowsDailySchedule(user)) throw new HttpError(403, 'PLAN_REQUIRED', DAILY_NEEDS_PROFESSIONAL);
  if (changes.slackNotifications === true && !allowsChatNotifications(user)) throw new HttpError(403, 'PLAN_REQUIRED', CHAT_NOTIFICATIONS_NEED_PROFESSIONAL);
  if (changes.automaticCleanupEnabled === true && !allowsAutomaticCleanup(user)) throw new HttpError(403, 'PLAN_REQUIRED', AUTOMATIC_CLEANUP_NEEDS_PROFESSIONAL);
  const existing = await storedSettings(db, user.id);
  const remember = changes.rememberOpenaiKey ?? existing?.rememberOpenaiKey ?? SETTINGS_DEFAULTS.rememberOpenaiKey;
  if (typeof changes.openaiApiKey === 'string' && !remember) {
    throw new HttpError(400, 'OPENAI_KEY_NOT_REMEMBERED', 'To store your OpenAI API key, also turn on "Remember my key" (rememberOpenaiKey: true).');
  }

  const { slackBotToken, openaiApiKey, ...plain } = changes;
  const secrets = await secretBoxFor(config);
  const values: Partial<typeof userSettings.$inferInsert> = { ...plain, updatedAt: new Date() };
  if (slackBotToken !== undefined) values.slackBotToken = secrets.sealOptional(slackBotToken);
  if (openaiApiKey !== undefined) values.openaiApiKey = secrets.sealOptional(openaiApiKey);
  // A key the user does not want remembered is not kept.
  if (!remember) values.openaiApiKey = null;

  const [row] = await db
    .insert(userSettings)
    .values({ ...values, userId: user.id })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .returning();
  return view(deps, user, row!);
}

/**
 * What saving these changes would give, without saving: the demo answers writes this way.
 * Secrets count as set when given, and are dropped.
 */
export async function previewSettings(deps: SettingsDependencies, user: User, changes: UpdateSettingsRequest): Promise<UserSettingsView> {
  const existing = await storedSettings(deps.db, user.id);
  const { slackBotToken, openaiApiKey, ...plain } = changes;
  const merged = { ...SETTINGS_DEFAULTS, ...existing, ...plain, updatedAt: new Date() } as UserSettings;
  const secretSet = (given: string | null | undefined, stored: string | null | undefined) => (given === undefined ? stored ?? null : given === null ? null : 'set');
  merged.slackBotToken = secretSet(slackBotToken, existing?.slackBotToken);
  merged.openaiApiKey = secretSet(openaiApiKey, existing?.openaiApiKey);
  return view(deps, user, merged);
}

async function view({ db, queue, config }: SettingsDependencies, user: User, row: UserSettings | null): Promise<UserSettingsView> {
  const settings = { ...SETTINGS_DEFAULTS, ...row };
  const frequency = asFrequency(settings.analysisFrequency);
  // The demo account is shown a schedule but never scanned by one.
  const cron = user.isDemo ? scanCron(user.id, frequency) : await applyScanSchedule(queue, user.id, frequency);
  const connection = await findConnection(db, user.id);
  return {
    objectsToAnalyze: settings.objectsToAnalyze.filter((t): t is ObjectType => (OBJECT_TYPES as readonly string[]).includes(t)),
    analysisFrequency: frequency,
    emailNotifications: settings.emailNotifications,
    notificationEmail: row?.notificationEmail ?? null,
    notifyOnCompletedAnalysis: settings.notifyOnCompletedAnalysis,
    notifyOnDuplicatesFound: settings.notifyOnDuplicatesFound,
    notifyOnHealthScoreChanges: settings.notifyOnHealthScoreChanges,
    digestFrequency: settings.digestFrequency as UserSettingsView['digestFrequency'],
    slackNotifications: settings.slackNotifications,
    slackChannel: row?.slackChannel ?? null,
    slackNotifyOnCompletedAnalysis: settings.slackNotifyOnCompletedAnalysis,
    slackNotifyOnDuplicatesFound: settings.slackNotifyOnDuplicatesFound,
    slackNotifyOnHealthScoreChanges: settings.slackNotifyOnHealthScoreChanges,
    slackSendWeeklyReport: settings.slackSendWeeklyReport,
    emailWeeklyReport: row?.emailWeeklyReport ?? true,
    timeZone: row?.timeZone ?? null,
    slackAllowed: allowsChatNotifications(user),
    weeklyReportAllowed: allowsWeeklyReports(user),
    slackInstallAvailable: Boolean(config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET),
    emailDeliveryConfigured: Boolean(config.SMTP_URL),
    maxRecordsLimit: settings.maxRecordsLimit,
    contactsSamplingRate: settings.contactsSamplingRate,
    companiesSamplingRate: settings.companiesSamplingRate,
    dealsSamplingRate: settings.dealsSamplingRate,
    ticketsSamplingRate: settings.ticketsSamplingRate,
    duplicateDetectionSensitivity: settings.duplicateDetectionSensitivity as UserSettingsView['duplicateDetectionSensitivity'],
    fuzzyMatchingThreshold: settings.fuzzyMatchingThreshold,
    enablePhoneticMatching: settings.enablePhoneticMatching,
    enableFuzzyMatching: settings.enableFuzzyMatching,
    normalizeBusinessNames: settings.normalizeBusinessNames,
    normalizeEmails: settings.normalizeEmails,
    normalizePhoneNumbers: settings.normalizePhoneNumbers,
    rememberOpenaiKey: settings.rememberOpenaiKey,
    preferredModel: settings.preferredModel,
    aiAssistEnabled: settings.aiAssistEnabled,
    automaticCleanupEnabled: row?.automaticCleanupEnabled ?? AUTOMATIC_CLEANUP_DEFAULTS.enabled,
    // A real column reads back as 0.949999988 through some drivers.
    automaticCleanupMinConfidence: Math.round((row?.automaticCleanupMinConfidence ?? AUTOMATIC_CLEANUP_DEFAULTS.minConfidence) * 1000) / 1000,
    automaticCleanupMaxMerges: row?.automaticCleanupMaxMerges ?? AUTOMATIC_CLEANUP_DEFAULTS.maxMergesPerRun,
    automaticCleanupAllowed: allowsAutomaticCleanup(user),
    hasHubspotToken: Boolean(row?.hubspotToken) || Boolean(connection?.isConnected && connection.accessToken),
    hasSlackBotToken: Boolean(row?.slackBotToken),
    hasOpenaiApiKey: Boolean(row?.openaiApiKey),
    schedule: { nextScanAt: nextScheduledScan(queue, cron)?.toISOString() ?? null, dailyAllowed: allowsDailySchedule(user) },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

function asFrequency(value: string): AnalysisFrequency {
  return (ANALYSIS_FREQUENCIES as readonly string[]).includes(value) ? (value as AnalysisFrequency) : SETTINGS_DEFAULTS.analysisFrequency;
}
