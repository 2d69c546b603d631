import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { HubSpotStatus } from '../../../../shared/contracts/hubspot';
import { getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const HUBSPOT_STATUS_URL = '/api/hubspot/status';

/** GET /api/hubspot/status: whether HubSpot is connected, and how many records the mirror holds. */
export function getHubspotStatus(): Promise<HubSpotStatus> {
  return getJson<HubSpotStatus>(HUBSPOT_STATUS_URL);
}

/** The demo's answers are cached apart from a signed-in user's, who may open the demo too. */
export function hubspotStatusQueryOptions(demo = false) {
  return queryOptions({ queryKey: demo ? [HUBSPOT_STATUS_URL, 'demo'] : [HUBSPOT_STATUS_URL], queryFn: getHubspotStatus });
}

export function useHubspotStatus() {
  return useQuery(hubspotStatusQueryOptions(isDemoMode(useLocation().pathname)));
}
