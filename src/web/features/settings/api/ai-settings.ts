import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { AiModels, AiSettingsView, AiTestResult, UpdateAiSettingsRequest } from '../../../../shared/contracts/ai';
import { getJson, requestJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const AI_SETTINGS_URL = '/api/settings/ai';
export const AI_KEY_URL = '/api/settings/ai/key';
export const AI_MODELS_URL = '/api/settings/ai/models';
export const AI_TEST_URL = '/api/settings/ai/test';
/** The assistant's status says whether a key is at hand; it changes with these settings. */
const ASSISTANT_STATUS_URL = '/api/assistant/status';

/** The demo's answers are cached apart from a signed-in user's, who may open the demo too. */
function keyFor(demo: boolean, url: string) {
  return demo ? [url, 'demo'] : [url];
}

function useDemo(): boolean {
  return isDemoMode(useLocation().pathname);
}

/** GET /api/settings/ai: whether a key is at hand and where it comes from (never the key). */
export function useAiSettings() {
  return useQuery({ queryKey: keyFor(useDemo(), AI_SETTINGS_URL), queryFn: () => getJson<AiSettingsView>(AI_SETTINGS_URL) });
}

/** GET /api/settings/ai/models: the chat models the key at hand can use; read only while there is one. */
export function useAiModels(enabled: boolean) {
  return useQuery({ queryKey: keyFor(useDemo(), AI_MODELS_URL), queryFn: () => getJson<AiModels>(AI_MODELS_URL), enabled, staleTime: 5 * 60_000 });
}

/** A new view of the AI settings: cached, and what depends on the key read again. */
function useSaved() {
  const client = useQueryClient();
  const demo = useDemo();
  return (saved: AiSettingsView) => {
    client.setQueryData(keyFor(demo, AI_SETTINGS_URL), saved);
    void client.invalidateQueries({ queryKey: keyFor(demo, AI_MODELS_URL) });
    void client.invalidateQueries({ queryKey: keyFor(demo, ASSISTANT_STATUS_URL) });
    // The general settings view carries the same flags (aiAssistEnabled, preferredModel, ...).
    void client.invalidateQueries({ queryKey: keyFor(demo, '/api/settings'), exact: true });
  };
}

/** PUT /api/settings/ai: a key with "remember" off is held for this session only. */
export function useUpdateAiSettings() {
  const onSuccess = useSaved();
  return useMutation({ mutationFn: (changes: UpdateAiSettingsRequest) => requestJson<AiSettingsView>('PUT', AI_SETTINGS_URL, changes), onSuccess });
}

/** DELETE /api/settings/ai/key: forgets the user's key, saved and in every session. */
export function useForgetAiKey() {
  const onSuccess = useSaved();
  return useMutation({ mutationFn: () => requestJson<AiSettingsView>('DELETE', AI_KEY_URL), onSuccess });
}

/** POST /api/settings/ai/test: a tiny completion with the saved key and the given model. */
export function useTestAi() {
  return useMutation({ mutationFn: (model: string | undefined) => requestJson<AiTestResult>('POST', AI_TEST_URL, model ? { model } : {}) });
}
