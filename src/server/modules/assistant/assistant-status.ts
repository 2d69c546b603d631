import { ASSISTANT_RECORD_CAP, type AssistantStatus } from '../../../shared/contracts/assistant';
import type { User } from '../../db/schema';
import { aiClientFor, AiUnavailable, type AiConnection, type AiDependencies, type AiSession } from '../ai';
import { starterQuestions } from './starters';

export const DEMO_WITHOUT_MODEL = 'The demo answers the suggested questions straight from its data. Start your free trial and add your OpenAI key in Settings > AI to ask anything.';

/** The model for this user and session, or why there is none (AI off, no key). */
export async function connectionFor(deps: AiDependencies, user: User, session: AiSession | null): Promise<AiConnection | AiUnavailable> {
  try {
    return await aiClientFor(deps, user, session);
  } catch (error) {
    if (error instanceof AiUnavailable) return error;
    throw error;
  }
}

export async function assistantStatus(deps: AiDependencies, user: User, session: AiSession | null, demo: boolean): Promise<AssistantStatus> {
  const ai = await connectionFor(deps, user, session);
  const available = !(ai instanceof AiUnavailable);
  return {
    aiAvailable: available,
    unavailableReason: available ? null : demo ? DEMO_WITHOUT_MODEL : ai.message,
    model: available ? ai.model : null,
    starters: starterQuestions(),
    historyKept: !demo,
    recordCap: ASSISTANT_RECORD_CAP,
  };
}
