import { z } from 'zod';
import { ANALYSIS_FREQUENCIES, DETECTION_SENSITIVITIES, DIGEST_FREQUENCIES } from '../defaults';
import { OBJECT_TYPES } from '../object-types';
import { AUTOMATIC_CLEANUP_LIMITS } from './cleanup';
import { scanRunSchema } from './scans';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$|^UTC$/.test(zone);
  } catch {
    return false;
  }
}

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

const wholeNumber = (label: string, min: number, max: number, unit = '') => {
  const range = `${label} must be a whole number from ${min} to ${max}${unit}`;
  return z.number({ error: range }).int(range).min(min, range).max(max, range);
};

/** Text a user may clear: blank or null both mean "none". */
const clearableText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text or null` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value || null)
    .nullable();

/** A secret is write-only: a string sets it, null clears it, and it is never sent back. */
const secret = (label: string, pattern: RegExp, hint: string) =>
  z
    .string({ error: `${label} must be text, or null to remove it` })
    .trim()
    .min(1, `${label} is empty; send null to remove it`)
    .max(500, `${label} must be at most 500 characters`)
    .regex(pattern, hint)
    .nullable();

export const userSettingsSchema = z
  .object({
    objectsToAnalyze: z.array(z.enum(OBJECT_TYPES)),
    analysisFrequency: z.enum(ANALYSIS_FREQUENCIES),
    emailNotifications: z.boolean(),
    notificationEmail: z.string().nullable(),
    notifyOnCompletedAnalysis: z.boolean(),
    notifyOnDuplicatesFound: z.boolean(),
    notifyOnHealthScoreChanges: z.boolean(),
    digestFrequency: z.enum(DIGEST_FREQUENCIES),
    slackNotifications: z.boolean(),
    slackChannel: z.string().nullable(),
    slackNotifyOnCompletedAnalysis: z.boolean(),
    slackNotifyOnDuplicatesFound: z.boolean(),
    slackNotifyOnHealthScoreChanges: z.boolean(),
    slackSendWeeklyReport: z.boolean(),
    /** The weekly health report by email (Starter and up). */
    emailWeeklyReport: z.boolean(),
    /** IANA time zone digests and reports are timed in (8:00 there); null means UTC. */
    timeZone: z.string().nullable(),
    /** Whether the user's plan offers Slack notifications (Professional and up, and the trial). */
    slackAllowed: z.boolean(),
    /** Whether the user's plan offers the weekly health report (Starter and up, and the trial). */
    weeklyReportAllowed: z.boolean(),
    /** Whether this server can install the Slack app with "Add to Slack" (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET set). */
    slackInstallAvailable: z.boolean(),
    /** Whether emails leave this server (SMTP_URL set); otherwise they go to the development outbox. */
    emailDeliveryConfigured: z.boolean(),
    /** Per-scan cap in thousands of records; the plan's record limit is the ceiling. */
    maxRecordsLimit: z.number().int(),
    contactsSamplingRate: z.number().int(),
    companiesSamplingRate: z.number().int(),
    dealsSamplingRate: z.number().int(),
    ticketsSamplingRate: z.number().int(),
    duplicateDetectionSensitivity: z.enum(DETECTION_SENSITIVITIES),
    fuzzyMatchingThreshold: z.number().int(),
    enablePhoneticMatching: z.boolean(),
    enableFuzzyMatching: z.boolean(),
    normalizeBusinessNames: z.boolean(),
    normalizeEmails: z.boolean(),
    normalizePhoneNumbers: z.boolean(),
    rememberOpenaiKey: z.boolean(),
    preferredModel: z.string(),
    aiAssistEnabled: z.boolean(),
    /** Merge qualifying duplicate groups after each scheduled scan (Professional and up; off by default). */
    automaticCleanupEnabled: z.boolean(),
    /** Groups at or above this confidence (0-1) qualify. */
    automaticCleanupMinConfidence: z.number(),
    /** Merges one automatic cleanup makes at most. */
    automaticCleanupMaxMerges: z.number().int(),
    /** Whether the user's plan offers automatic cleanup (Professional and up, and the trial). */
    automaticCleanupAllowed: z.boolean(),
    /** Whether HubSpot is connected with a stored token; the token itself never leaves the server. */
    hasHubspotToken: z.boolean(),
    hasSlackBotToken: z.boolean(),
    hasOpenaiApiKey: z.boolean(),
    schedule: z.object({
      /** When the next scheduled scan starts (UTC); null for manual. */
      nextScanAt: z.iso.datetime().nullable(),
      /** Whether the user's plan offers daily scans (Professional and up, and the trial). */
      dailyAllowed: z.boolean(),
    }),
    /** Null while the user has never saved settings and the defaults apply. */
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'UserSettings' });

const updateFields = z.strictObject(
  {
    objectsToAnalyze: z
      .array(z.enum(OBJECT_TYPES, { error: `Object types to analyze are ${OBJECT_TYPES.join(', ')}` }), { error: 'objectsToAnalyze must be a list of object types' })
      .min(1, 'Choose at least one object type to analyze')
      .transform((types) => [...new Set(types)]),
    analysisFrequency: z.enum(ANALYSIS_FREQUENCIES, { error: `Analysis frequency must be one of ${ANALYSIS_FREQUENCIES.join(', ')}` }),
    emailNotifications: flag('emailNotifications'),
    notificationEmail: clearableText('Notification email', 254).refine((value) => value === null || z.email().safeParse(value).success, 'Please enter a valid email address'),
    notifyOnCompletedAnalysis: flag('notifyOnCompletedAnalysis'),
    notifyOnDuplicatesFound: flag('notifyOnDuplicatesFound'),
    notifyOnHealthScoreChanges: flag('notifyOnHealthScoreChanges'),
    digestFrequency: z.enum(DIGEST_FREQUENCIES, { error: `Digest frequency must be one of ${DIGEST_FREQUENCIES.join(', ')}` }),
    slackNotifications: flag('slackNotifications'),
    slackChannel: clearableText('Slack channel', 81).refine(
      (value) => value === null || /^#?[\p{Ll}\p{N}_-]{1,80}$|^[CG][A-Z0-9]{6,}$/u.test(value),
      'A Slack channel is a name such as #crm-alerts (lowercase letters, digits, - and _) or a channel id such as C0123456789',
    ),
    slackNotifyOnCompletedAnalysis: flag('slackNotifyOnCompletedAnalysis'),
    slackNotifyOnDuplicatesFound: flag('slackNotifyOnDuplicatesFound'),
    slackNotifyOnHealthScoreChanges: flag('slackNotifyOnHealthScoreChanges'),
    slackSendWeeklyReport: flag('slackSendWeeklyReport'),
    emailWeeklyReport: flag('emailWeeklyReport'),
    timeZone: z
      .string({ error: 'Time zone must be an IANA time zone such as Europe/Berlin, or null for UTC' })
      .max(64, 'Time zone must be at most 64 characters')
      .refine(isTimeZone, 'Time zone must be an IANA time zone such as Europe/Berlin, or null for UTC')
      .nullable(),
    maxRecordsLimit: wholeNumber('Max records limit', 1, 1000, ' (thousands of records)'),
    contactsSamplingRate: wholeNumber('Contacts sampling rate', 1, 100, ' (percent)'),
    companiesSamplingRate: wholeNumber('Companies sampling rate', 1, 100, ' (percent)'),
    dealsSamplingRate: wholeNumber('Deals sampling rate', 1, 100, ' (percent)'),
    ticketsSamplingRate: wholeNumber('Tickets sampling rate', 1, 100, ' (percent)'),
    duplicateDetectionSensitivity: z.enum(DETECTION_SENSITIVITIES, { error: `Duplicate detection sensitivity must be one of ${DETECTION_SENSITIVITIES.join(', ')}` }),
    fuzzyMatchingThreshold: wholeNumber('Fuzzy matching threshold', 0, 100),
    enablePhoneticMatching: flag('enablePhoneticMatching'),
    enableFuzzyMatching: flag('enableFuzzyMatching'),
    normalizeBusinessNames: flag('normalizeBusinessNames'),
    normalizeEmails: flag('normalizeEmails'),
    normalizePhoneNumbers: flag('normalizePhoneNumbers'),
    rememberOpenaiKey: flag('rememberOpenaiKey'),
    preferredModel: z
      .string({ error: 'Preferred model must be a model name such as gpt-4o' })
      .trim()
      .min(1, 'Choose a preferred model')
      .max(100, 'Preferred model must be at most 100 characters')
      .regex(/^[\w.:/-]+$/, 'Preferred model must be a model name such as gpt-4o'),
    aiAssistEnabled: flag('aiAssistEnabled'),
    automaticCleanupEnabled: flag('automaticCleanupEnabled'),
    automaticCleanupMinConfidence: z
      .number({ error: `Automatic cleanup confidence must be a number from ${AUTOMATIC_CLEANUP_LIMITS.minConfidence} to 1` })
      .min(AUTOMATIC_CLEANUP_LIMITS.minConfidence, `Automatic cleanup confidence must be from ${AUTOMATIC_CLEANUP_LIMITS.minConfidence} to 1`)
      .max(1, `Automatic cleanup confidence must be from ${AUTOMATIC_CLEANUP_LIMITS.minConfidence} to 1`),
    automaticCleanupMaxMerges: wholeNumber('Automatic cleanup merges per run', 1, AUTOMATIC_CLEANUP_LIMITS.maxMergesPerRun),
    slackBotToken: secret('Slack bot token', /^xox[a-z]-[\w-]+$/, 'A Slack bot token starts with xoxb- (copy it from your Slack app, OAuth & Permissions)'),
    openaiApiKey: secret('OpenAI API key', /^[\w-]{20,}$/, 'An OpenAI API key is at least 20 letters, digits, - or _ (such as sk-...)'),
  },
  {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      if (issue.keys.includes('hubspotToken')) return 'hubspotToken is not a setting: connect HubSpot with POST /api/hubspot/connect-token, which checks the token with HubSpot';
      return `Unknown setting${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    },
  },
);

/** The settings a user may change, each optional (a partial update). HubSpot is connected through /api/hubspot, not here. */
export const updateSettingsRequestSchema = updateFields.partial().meta({ id: 'UpdateSettingsRequest' });

export const lastScanResponseSchema = z
  .object({
    /** The newest scan run with the results of the object types it finished, or null before the first scan. */
    lastScan: scanRunSchema.nullable(),
  })
  .meta({ id: 'LastScanResponse' });

export type UserSettingsView = z.infer<typeof userSettingsSchema>;
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;
