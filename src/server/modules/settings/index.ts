/**
 * User settings and what they schedule.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { settingsRoutes } from './settings-routes';
export { previewSettings, readSettings, updateSettings } from './user-settings';
