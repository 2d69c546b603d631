import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { HubSpotStatus } from '../../../../shared/contracts/hubspot';
import { requestJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';
import { isConnectionQuery } from './disconnect-hubspot';

export type ConnectedPortal = Pick<HubSpotStatus, 'connected' | 'hubId' | 'hubDomain' | 'portalName' | 'authType'>;

/** POST /api/hubspot/connect-token: the server checks the private app's token with HubSpot before keeping it. */
export function connectHubspotToken(accessToken: string): Promise<ConnectedPortal> {
  return requestJson<ConnectedPortal>('POST', '/api/hubspot/connect-token', { accessToken });
}

export function useConnectHubspotToken() {
  const queryClient = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  return useMutation({
    mutationFn: connectHubspotToken,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isConnectionQuery(query.queryKey, demo) }),
  });
}

/** Where the OAuth flow starts: a full-page visit, as HubSpot's consent screen is another site. It comes back to `returnTo`. */
export function oauthConnectUrl(returnTo: string): string {
  return `/api/hubspot/connect?${new URLSearchParams({ redirect: returnTo }).toString()}`;
}
