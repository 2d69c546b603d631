import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { AssistantStatus, Conversation, ConversationSummary } from '../../../../shared/contracts/assistant';
import { apiRequest, getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const STATUS_URL = '/api/assistant/status';
export const CONVERSATIONS_URL = '/api/assistant/conversations';

/** The demo's answers are cached apart from a signed-in user's, who may open the demo too. */
function keyFor(demo: boolean, url: string, ...rest: unknown[]) {
  return demo ? [url, 'demo', ...rest] : [url, ...rest];
}

function useDemo(): boolean {
  return isDemoMode(useLocation().pathname);
}

export function useAssistantStatus() {
  return useQuery({ queryKey: keyFor(useDemo(), STATUS_URL), queryFn: () => getJson<AssistantStatus>(STATUS_URL) });
}

export function useConversations(enabled: boolean) {
  return useQuery({ queryKey: keyFor(useDemo(), CONVERSATIONS_URL), queryFn: () => getJson<{ conversations: ConversationSummary[] }>(CONVERSATIONS_URL), enabled });
}

/** One past conversation with its messages; read when the user opens it. */
export function useConversationQuery() {
  const demo = useDemo();
  return (id: number) => queryOptions({ queryKey: keyFor(demo, CONVERSATIONS_URL, id), queryFn: () => getJson<Conversation>(`${CONVERSATIONS_URL}/${id}`), staleTime: 0 });
}

/** Read the list again after an answer was stored (a new title, more tokens). */
export function useRefreshConversations() {
  const client = useQueryClient();
  const key = keyFor(useDemo(), CONVERSATIONS_URL);
  return () => void client.invalidateQueries({ queryKey: key, exact: true });
}

/** DELETE one conversation, or all of them when `id` is null. */
export function useDeleteConversations() {
  const client = useQueryClient();
  const key = keyFor(useDemo(), CONVERSATIONS_URL);
  return useMutation({
    mutationFn: (id: number | null) => apiRequest('DELETE', id === null ? CONVERSATIONS_URL : `${CONVERSATIONS_URL}/${id}`),
    onSuccess: (_response, id) => {
      client.setQueryData<{ conversations: ConversationSummary[] }>(key, (list) => (list ? { conversations: id === null ? [] : list.conversations.filter((c) => c.id !== id) } : list));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
