import type { AiSettingsView } from '../../../shared/contracts/ai';
import type { NotificationDeliveryView, NotificationHistory } from '../../../shared/contracts/notifications';
import type { UserSettingsView } from '../../../shared/contracts/settings';
import { AUTOMATIC_CLEANUP_DEFAULTS } from '../../../shared/contracts/cleanup';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';

/** GET /api/settings as a user with the defaults sees it, for tests. */
export function settingsView(overrides: Partial<UserSettingsView> = {}): UserSettingsView {
  return {
    ...SETTINGS_DEFAULTS,
    objectsToAnalyze: [...SETTINGS_DEFAULTS.objectsToAnalyze],
    notificationEmail: null,
    slackChannel: null,
    automaticCleanupEnabled: AUTOMATIC_CLEANUP_DEFAULTS.enabled,
    automaticCleanupMinConfidence: AUTOMATIC_CLEANUP_DEFAULTS.minConfidence,
    automaticCleanupMaxMerges: AUTOMATIC_CLEANUP_DEFAULTS.maxMergesPerRun,
    automaticCleanupAllowed: true,
    hasHubspotToken: true,
    hasSlackBotToken: false,
    emailWeeklyReport: true,
    timeZone: null,
    slackAllowed: true,
    weeklyReportAllowed: true,
    slackInstallAvailable: false,
    emailDeliveryConfigured: true,
    hasOpenaiApiKey: false,
    schedule: { nextScanAt: '2025-03-10T02:00:00.000Z', dailyAllowed: true },
    updatedAt: null,
    ...overrides,
  };
}

/** One row of the notification history, for tests: a sent scan email unless told otherwise. */
export function notificationDelivery(overrides: Partial<NotificationDeliveryView> = {}): NotificationDeliveryView {
  return {
    id: 1,
    createdAt: '2025-03-10T08:00:05.000Z',
    channel: 'email',
    kind: 'scan',
    status: 'sent',
    target: 'ada@example.com',
    subject: 'Scan finished: 3 new duplicate groups found',
    events: ['scan.completed', 'duplicates.found'],
    attempts: 1,
    sentAt: '2025-03-10T08:00:07.000Z',
    nextAttemptAt: null,
    error: null,
    ...overrides,
  };
}

export function notificationHistory(deliveries: NotificationDeliveryView[], overrides: Partial<NotificationHistory> = {}): NotificationHistory {
  return { deliveries, page: 1, pageSize: 10, total: deliveries.length, ...overrides };
}

/** GET /api/settings/ai for a user without a key, for tests. */
export function aiSettingsView(overrides: Partial<AiSettingsView> = {}): AiSettingsView {
  return { enabled: false, hasKey: false, remembered: false, keySource: 'none', preferredModel: 'gpt-4o', baseUrl: null, defaultBaseUrl: 'https://api.openai.com/v1', ...overrides };
}
