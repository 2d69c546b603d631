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
