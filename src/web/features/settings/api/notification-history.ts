import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { NotificationHistory } from '../../../../shared/contracts/notifications';
import { getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const NOTIFICATION_HISTORY_URL = '/api/settings/notifications/history';
export const HISTORY_PAGE_SIZE = 10;

/** Every page of the history, in this mode (demo or not). */
export function notificationHistoryKey(demo: boolean) {
  return demo ? [NOTIFICATION_HISTORY_URL, 'demo'] : [NOTIFICATION_HISTORY_URL];
}

/** GET /api/settings/notifications/history: one page of the user's notifications, newest first. */
export function getNotificationHistory(page: number): Promise<NotificationHistory> {
  return getJson<NotificationHistory>(`${NOTIFICATION_HISTORY_URL}?${new URLSearchParams({ page: String(page), pageSize: String(HISTORY_PAGE_SIZE) })}`);
}

export function useNotificationHistory(page: number) {
  const demo = isDemoMode(useLocation().pathname);
  // The page shown stays while the next one loads.
  return useQuery({ queryKey: [...notificationHistoryKey(demo), page], queryFn: () => getNotificationHistory(page), placeholderData: keepPreviousData });
}
