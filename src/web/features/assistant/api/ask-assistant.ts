import { askEventSchema, type AskEvent, type StarterId } from '../../../../shared/contracts/assistant';
import { ApiError, resolveApiUrl } from '../../../lib/api-request';

export const ASK_URL = '/api/assistant/ask';

/** What one question sends: free words (a model needed) or a starter; the conversation it continues. */
export type AskBody = ({ question: string } | { starterId: StarterId }) & { conversationId?: number };

/** One line of the stream as an event, or null for anything else (comments, keep-alives, a shape we do not know). */
export function parseEventLine(line: string): AskEvent | null {
  if (!line.startsWith('data:')) return null;
  try {
    const parsed = askEventSchema.safeParse(JSON.parse(line.slice('data:'.length).trim()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/assistant/ask and hand each server-sent event to `onEvent` as it arrives.
 * EventSource cannot POST, so this reads the body itself. Like the request layer it sends
 * cookies, skips caches and goes to the demo's API in demo mode; unlike it, it never retries:
 * asking twice could store the question twice. A refusal before the stream (bad input, no
 * model) is an ApiError carrying the server's `{ message, code }`.
 */
export async function askAssistant(body: AskBody, { signal, onEvent }: { signal: AbortSignal; onEvent: (event: AskEvent) => void }): Promise<void> {
  const response = await fetch(resolveApiUrl(ASK_URL, 'POST'), {
    method: 'POST',
    credentials: 'include',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).trim();
    throw new ApiError(response.status, text, response.statusText);
  }
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  const emit = (lines: string[]) => {
    for (const line of lines) {
      const event = parseEventLine(line);
      if (event) onEvent(event);
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    const lines = pending.split(/\r?\n/);
    // The last piece may be half a line: keep it for the next chunk.
    pending = lines.pop() ?? '';
    emit(lines);
  }
  emit([...(pending + decoder.decode()).split(/\r?\n/)]);
}
