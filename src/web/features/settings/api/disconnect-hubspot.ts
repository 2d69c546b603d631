import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { requestJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';
import { HUBSPOT_STATUS_URL } from '../../dashboard/api/get-hubspot-status';
import { SETTINGS_URL } from './get-settings';

/** POST /api/hubspot/disconnect: forgets the tokens and the record mirror; scans and duplicate groups stay. */
export function disconnectHubspot(): Promise<{ message: string }> {
  return requestJson<{ message: string }>('POST', '/api/hubspot/disconnect');
}

export function useDisconnectHubspot() {
  const queryClient = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  return useMutation({
    mutationFn: disconnectHubspot,
    // The connection shows in the status, the settings (hasHubspotToken) and every result page.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isConnectionQuery(query.queryKey, demo) }),
  });
}

/** Queries whose answer depends on the HubSpot connection, in this mode (demo or not). */
export function isConnectionQuery(queryKey: readonly unknown[], demo: boolean): boolean {
  const url = String(queryKey[0]);
  const inDemo = queryKey.includes('demo');
  return inDemo === demo && (url === SETTINGS_URL || url === HUBSPOT_STATUS_URL || url.startsWith('/api/hubspot/'));
}
