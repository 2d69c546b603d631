import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { TestNotificationResult } from '../../../../shared/contracts/notifications';
import { requestJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';
import { notificationHistoryKey } from './notification-history';

export type TestEmailBody = { to?: string };
export type TestSlackBody = { botToken?: string; channel?: string };

/** POST /api/settings/notifications/test-email: sends one email at once and says how it went. */
export function sendTestEmail(body: TestEmailBody): Promise<TestNotificationResult> {
  return requestJson<TestNotificationResult>('POST', '/api/settings/notifications/test-email', body);
}

/** POST /api/settings/notifications/test-slack: posts one message with the typed (or saved) token and channel. */
export function sendTestSlack(body: TestSlackBody): Promise<TestNotificationResult> {
  return requestJson<TestNotificationResult>('POST', '/api/settings/notifications/test-slack', body);
}

/** A test, then the history read again: the test is listed there too. */
function useTestSend<T>(send: (body: T) => Promise<TestNotificationResult>) {
  const queryClient = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationHistoryKey(demo) }),
  });
}

export const useTestEmail = () => useTestSend(sendTestEmail);
export const useTestSlack = () => useTestSend(sendTestSlack);
