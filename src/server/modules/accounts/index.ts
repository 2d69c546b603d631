/**
 * Accounts: users, their plan and trial, the account routes.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { accountRoutes } from './account-routes';
export { needsProfileCompletion, toClientUser } from './client-user';
export { allowsAutomaticCleanup, allowsChatNotifications, allowsDailySchedule, allowsWeeklyReports, capabilitiesOf, CHAT_NOTIFICATIONS_NEED_PROFESSIONAL, effectivePlan, planTier } from './plan-access';
export { trialStatus } from './trial';
export { createLocalUser, createUser, findUserByEmail, findUserById, markPastTrial, unsavedLocalUser } from './users';
