import type { AskEvent, AssistantMessage, AssistantStatus, DataBlock } from '../../../shared/contracts/assistant';

export function assistantStatus(changes: Partial<AssistantStatus> = {}): AssistantStatus {
  return {
    aiAvailable: false,
    unavailableReason: 'AI assistance is off. Turn it on and add your OpenAI key in Settings, AI.',
    model: null,
    starters: [
      { id: 'health-overview', question: 'How healthy is my data?', tool: 'health_summary' },
      { id: 'companies-most-duplicates', question: 'Which companies have the most duplicates?', tool: 'duplicate_groups' },
    ],
    historyKept: true,
    recordCap: 20,
    ...changes,
  };
}

export function duplicateGroupsBlock(changes: Partial<DataBlock> = {}): DataBlock {
  return {
    tool: 'duplicate_groups',
    title: 'Companies with the most duplicates',
    caption: '2 of 48 groups',
    columns: [
      { key: 'company', label: 'Company', format: 'link' },
      { key: 'records', label: 'Records', format: 'number' },
      { key: 'confidence', label: 'Confidence', format: 'percent' },
      { key: 'found', label: 'Found', format: 'date' },
    ],
    rows: [
      { company: { label: 'Acme Corporation', href: '/duplicates/41' }, records: 12345, confidence: 97.5, found: '2025-03-01' },
      { company: { label: 'Globex', href: '/duplicates/42' }, records: 3, confidence: 81, found: null },
    ],
    chart: null,
    ...changes,
  };
}

export function assistantMessage(changes: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    id: 2,
    role: 'assistant',
    content: '',
    blocks: [],
    citations: [],
    promptTokens: 0,
    completionTokens: 0,
    byModel: false,
    createdAt: '2025-03-02T09:00:00.000Z',
    ...changes,
  };
}

/** A text/event-stream body the test writes into event by event, ended by `close`, cut by an abort. */
export function eventStream(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => controller.error(new DOMException('The user aborted a request.', 'AbortError')));
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send(event: AskEvent) {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}

/** A whole stream at once. */
export function streamOf(events: readonly AskEvent[]): Response {
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  return new Response(text, { headers: { 'content-type': 'text/event-stream' } });
}
