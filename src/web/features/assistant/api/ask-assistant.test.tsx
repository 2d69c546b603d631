import { describe, expect, it } from 'vitest';
import type { AskEvent } from '../../../../shared/contracts/assistant';
import { ApiError } from '../../../lib/api-request';
import { fakeApi, json } from '../../../test/fake-api';
import { askAssistant, parseEventLine } from './ask-assistant';

const encoder = new TextEncoder();

/** A body that arrives in the given pieces, whatever they cut through. */
function chunked(pieces: readonly string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

async function collect(response: Response): Promise<AskEvent[]> {
  fakeApi({ 'POST /api/assistant/ask': () => response });
  const events: AskEvent[] = [];
  await askAssistant({ question: 'Hi' }, { signal: new AbortController().signal, onEvent: (event) => events.push(event) });
  return events;
}

describe('askAssistant', () => {
  it('reads events whose lines are cut across chunks, skipping comments and unknown shapes', async () => {
    const events = await collect(
      chunked([': keep-alive\n\ndata: {"type":"start","conversa', 'tionId":3,"byModel":true}\r\n\r\ndata: {"type":"delta","text":"Zwölf "}\n', '\ndata: {"type":"mystery"}\n\ndata: {"type":"delta","text":"Gruppen"}']),
    );
    expect(events).toEqual([
      { type: 'start', conversationId: 3, byModel: true },
      { type: 'delta', text: 'Zwölf ' },
      { type: 'delta', text: 'Gruppen' },
    ]);
  });

  it('sends cookies, skips caches and turns a refusal into an ApiError with the server message', async () => {
    const api = fakeApi({ 'POST /api/assistant/ask': () => json({ message: 'Typing your own questions needs AI.', code: 'AI_UNAVAILABLE' }, 409) });
    const error = await askAssistant({ question: 'Hi' }, { signal: new AbortController().signal, onEvent: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data).toEqual({ message: 'Typing your own questions needs AI.', code: 'AI_UNAVAILABLE' });
    expect(api.calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', cache: 'no-store' });
  });

  it('ignores lines that are not data', () => {
    expect(parseEventLine('event: message')).toBeNull();
    expect(parseEventLine('data: not json')).toBeNull();
  });
});
