import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { UpdateSettingsRequest, UserSettingsView } from '../../../../shared/contracts/settings';
import { requestJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';
import { SETTINGS_URL, settingsQueryKey } from './get-settings';

/** PUT /api/settings with only the changed fields; the answer is the whole new view. In the demo it is echoed, not stored. */
export function updateSettings(changes: UpdateSettingsRequest): Promise<UserSettingsView> {
  return requestJson<UserSettingsView>('PUT', SETTINGS_URL, changes);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey(demo), saved),
  });
}
