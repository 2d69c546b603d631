import { OBJECT_TYPES } from './object-types';

/** SPEC.md section 9 and DESIGN.md: the defaults the database and the UI share. */
export const TRIAL_DAYS = 14;
export const DEFAULT_RECORD_QUOTA = 10_000;
export const DEFAULT_PLAN = 'free';
export const DEFAULT_API_DAILY_LIMIT = 10_000;
export const DEFAULT_API_MONTHLY_LIMIT = 300_000;

export const ANALYSIS_FREQUENCIES = ['manual', 'daily', 'weekly', 'monthly'] as const;
export const DIGEST_FREQUENCIES = ['instantly', 'daily', 'weekly'] as const;
export const DETECTION_SENSITIVITIES = ['low', 'medium', 'high'] as const;
export const DUPLICATE_GROUP_STATUSES = ['pending', 'merged', 'dismissed', 'failed'] as const;

export const SETTINGS_DEFAULTS = {
  objectsToAnalyze: [...OBJECT_TYPES],
  analysisFrequency: 'weekly',
  emailNotifications: true,
  notifyOnCompletedAnalysis: true,
  notifyOnDuplicatesFound: true,
  notifyOnHealthScoreChanges: false,
  digestFrequency: 'instantly',
  slackNotifications: false,
  slackNotifyOnCompletedAnalysis: true,
  slackNotifyOnDuplicatesFound: true,
  slackNotifyOnHealthScoreChanges: true,
  slackSendWeeklyReport: false,
  /** Per-scan cap in thousands of records; the plan's record limit is the ceiling. */
  maxRecordsLimit: 100,
  contactsSamplingRate: 100,
  companiesSamplingRate: 100,
  dealsSamplingRate: 100,
  ticketsSamplingRate: 100,
  duplicateDetectionSensitivity: 'medium',
  fuzzyMatchingThreshold: 80,
  enablePhoneticMatching: true,
  enableFuzzyMatching: true,
  normalizeBusinessNames: true,
  normalizeEmails: true,
  normalizePhoneNumbers: true,
  rememberOpenaiKey: false,
  preferredModel: 'gpt-4o',
  aiAssistEnabled: false,
} as const satisfies {
  analysisFrequency: (typeof ANALYSIS_FREQUENCIES)[number];
  digestFrequency: (typeof DIGEST_FREQUENCIES)[number];
  duplicateDetectionSensitivity: (typeof DETECTION_SENSITIVITIES)[number];
  [key: string]: unknown;
};
