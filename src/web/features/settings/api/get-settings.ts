import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { UserSettingsView } from '../../../../shared/contracts/settings';
import { getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const SETTINGS_URL = '/api/settings';

/** GET /api/settings: the user's settings, the defaults where none were saved; secrets only as has* flags. */
export function getSettings(): Promise<UserSettingsView> {
  return getJson<UserSettingsView>(SETTINGS_URL);
}

/** The demo's settings are cached apart from a signed-in user's, who may open the demo too. */
export function settingsQueryKey(demo = false) {
  return demo ? [SETTINGS_URL, 'demo'] : [SETTINGS_URL];
}

export function settingsQueryOptions(demo = false) {
  return queryOptions({ queryKey: settingsQueryKey(demo), queryFn: getSettings });
}

export function useSettings() {
  return useQuery(settingsQueryOptions(isDemoMode(useLocation().pathname)));
}
