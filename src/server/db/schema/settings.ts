import { boolean, integer, jsonb, pgTable, real, serial, text } from 'drizzle-orm/pg-core';
import { AUTOMATIC_CLEANUP_DEFAULTS } from '../../../shared/contracts/cleanup';
import { SETTINGS_DEFAULTS as D } from '../../../shared/defaults';
import { timestamptz } from './columns';
import { ownerUserId } from './users';

const flag = (name: string, value: boolean) => boolean(name).notNull().default(value);
const rate = (name: string) => integer(name).notNull().default(100);

/** One row per user; every default comes from SETTINGS_DEFAULTS (SPEC.md section 3). */
export const userSettings = pgTable('user_settings', {
  id: serial('id').primaryKey(),
  userId: ownerUserId().unique(),
  /** Encrypted at rest. */
  hubspotToken: text('hubspot_token'),
  objectsToAnalyze: jsonb('objects_to_analyze').$type<string[]>().notNull().default([...D.objectsToAnalyze]),
  analysisFrequency: text('analysis_frequency').notNull().default(D.analysisFrequency),
  emailNotifications: flag('email_notifications', D.emailNotifications),
  notificationEmail: text('notification_email'),
  notifyOnCompletedAnalysis: flag('notify_on_completed_analysis', D.notifyOnCompletedAnalysis),
  notifyOnDuplicatesFound: flag('notify_on_duplicates_found', D.notifyOnDuplicatesFound),
  notifyOnHealthScoreChanges: flag('notify_on_health_score_changes', D.notifyOnHealthScoreChanges),
  digestFrequency: text('digest_frequency').notNull().default(D.digestFrequency),
  slackNotifications: flag('slack_notifications', D.slackNotifications),
  /** Encrypted at rest. */
  slackBotToken: text('slack_bot_token'),
  slackChannel: text('slack_channel'),
  slackNotifyOnCompletedAnalysis: flag('slack_notify_on_completed_analysis', D.slackNotifyOnCompletedAnalysis),
  slackNotifyOnDuplicatesFound: flag('slack_notify_on_duplicates_found', D.slackNotifyOnDuplicatesFound),
  slackNotifyOnHealthScoreChanges: flag('slack_notify_on_health_score_changes', D.slackNotifyOnHealthScoreChanges),
  slackSendWeeklyReport: flag('slack_send_weekly_report', D.slackSendWeeklyReport),
  /** The weekly health report by email (Starter and up); its unsubscribe link turns it off. */
  emailWeeklyReport: flag('email_weekly_report', true),
  /** IANA time zone of the user's browser: digests and reports go out at 8:00 there (UTC when unknown). */
  timeZone: text('time_zone'),
  maxRecordsLimit: integer('max_records_limit').notNull().default(D.maxRecordsLimit),
  contactsSamplingRate: rate('contacts_sampling_rate'),
  companiesSamplingRate: rate('companies_sampling_rate'),
  dealsSamplingRate: rate('deals_sampling_rate'),
  ticketsSamplingRate: rate('tickets_sampling_rate'),
  duplicateDetectionSensitivity: text('duplicate_detection_sensitivity')
    .notNull()
    .default(D.duplicateDetectionSensitivity),
  fuzzyMatchingThreshold: integer('fuzzy_matching_threshold').notNull().default(D.fuzzyMatchingThreshold),
  enablePhoneticMatching: flag('enable_phonetic_matching', D.enablePhoneticMatching),
  enableFuzzyMatching: flag('enable_fuzzy_matching', D.enableFuzzyMatching),
  normalizeBusinessNames: flag('normalize_business_names', D.normalizeBusinessNames),
  normalizeEmails: flag('normalize_emails', D.normalizeEmails),
  normalizePhoneNumbers: flag('normalize_phone_numbers', D.normalizePhoneNumbers),
  /** Encrypted at rest. */
  openaiApiKey: text('openai_api_key'),
  rememberOpenaiKey: flag('remember_openai_key', D.rememberOpenaiKey),
  /** An OpenAI-compatible server of the user's (a self-hosted model); null for the server's default. */
  openaiBaseUrl: text('openai_base_url'),
  preferredModel: text('preferred_model').notNull().default(D.preferredModel),
  aiAssistEnabled: flag('ai_assist_enabled', D.aiAssistEnabled),
  /** Automatic duplicate cleanup after scheduled scans (Professional and up); off by default. */
  automaticCleanupEnabled: flag('automatic_cleanup_enabled', AUTOMATIC_CLEANUP_DEFAULTS.enabled),
  automaticCleanupMinConfidence: real('automatic_cleanup_min_confidence').notNull().default(AUTOMATIC_CLEANUP_DEFAULTS.minConfidence),
  automaticCleanupMaxMerges: integer('automatic_cleanup_max_merges').notNull().default(AUTOMATIC_CLEANUP_DEFAULTS.maxMergesPerRun),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type UserSettings = typeof userSettings.$inferSelect;

/**
 * One row: a fixed text sealed with the encryption key of the first start. Every start must
 * open it (security/key-check.ts), so a wrong key stops the start instead of every token.
 */
export const encryptionKeyCheck = pgTable('encryption_key_check', {
  id: integer('id').primaryKey().default(1),
  sealed: text('sealed').notNull(),
});
