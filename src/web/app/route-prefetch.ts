import type { QueryClient } from '@tanstack/react-query';
import { duplicationByFieldQueryOptions } from '../features/dashboard/api/get-duplication-by-field';
import { historicalTrendsQueryOptions } from '../features/dashboard/api/get-historical-trends';
import { hubspotStatusQueryOptions } from '../features/dashboard/api/get-hubspot-status';
import { resultsQueryOptions } from '../features/dashboard/api/get-results';
import { recommendationsQueryOptions } from '../features/recommendations/use-recommendations';
import { groupFiltersFrom, groupQueryOptions, groupsQueryOptions } from '../features/duplicates/api/duplicate-groups';
import { lastScanQueryOptions } from '../features/scans/api/get-last-scan';
import { settingsQueryOptions } from '../features/settings/api/get-settings';
import { DEMO_BASE_PATH } from '../lib/demo-mode';

type PagePrefetch = (client: QueryClient, search: URLSearchParams) => Promise<void>[];

/** The trends period the dashboard's panel and the reports page open with. */
const FIRST_TREND_DAYS = 90;

const overview = (client: QueryClient) => [
  client.prefetchQuery(hubspotStatusQueryOptions(true)),
  client.prefetchQuery(resultsQueryOptions(true)),
  client.prefetchQuery(duplicationByFieldQueryOptions(true)),
];

/**
 * What each demo page reads as it opens, by its section of /demo, with the very query options
 * the page uses, so it finds the answers (or the requests under way) in the cache.
 */
const DEMO_PAGE_DATA: Readonly<Record<string, PagePrefetch>> = {
  dashboard: (client) => [
    ...overview(client),
    client.prefetchQuery(lastScanQueryOptions(true)),
    client.prefetchQuery(historicalTrendsQueryOptions(FIRST_TREND_DAYS, true)),
    client.prefetchQuery(recommendationsQueryOptions(true)),
  ],
  // A period in the address is the page's to check and ask for.
  reports: (client, search) => [...overview(client), ...(search.has('days') ? [] : [client.prefetchQuery(historicalTrendsQueryOptions(FIRST_TREND_DAYS, true))])],
  settings: (client) => [client.prefetchQuery(settingsQueryOptions(true))],
  // The list the address asks for, and the group it has open; a list since a time is the page's to check.
  duplicates: (client, search) => {
    if (search.has('since') || search.has('view')) return [];
    const group = Number(search.get('group'));
    return [
      client.prefetchQuery(groupsQueryOptions(groupFiltersFrom(search), true)),
      ...(Number.isInteger(group) && group > 0 ? [client.prefetchQuery(groupQueryOptions(group, true))] : []),
    ];
  },
};

/**
 * Starts a demo page's data requests with its code (main.tsx calls it on the first load and at
 * every navigation, beside preloadPage), instead of after that code arrives and runs.
 * Data still fresh in the cache is not asked for again.
 */
export function prefetchPageData(client: QueryClient, { pathname, search }: { pathname: string; search: string }): Promise<void> {
  const [first, section = 'dashboard'] = pathname.split('/').slice(1);
  const prefetch = `/${first}` === DEMO_BASE_PATH ? DEMO_PAGE_DATA[section] : undefined;
  // The demo's API is chosen from the address bar when a request leaves: it must be this page's.
  if (!prefetch || window.location.pathname !== pathname) return Promise.resolve();
  return Promise.all(prefetch(client, new URLSearchParams(search))).then(() => undefined);
}
