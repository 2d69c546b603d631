/**
 * An OpenAI-compatible server on loopback for tests and local development: the official `openai`
 * SDK, pointed at `baseURL`, gets OpenAI's models, chat completions (plain and streamed, with
 * tool calls) and error bodies.
 *
 *   const ai = await startOpenAiSandbox();
 *   const client = new OpenAI({ apiKey: ai.apiKey, baseURL: ai.baseURL });
 *   ai.script([{ toolCalls: [{ name: 'health_summary', arguments: {} }] }, { text: 'Your score is 82.' }]);
 *
 * Without a script each request gets a default answer: after a tool result, that result in
 * words; when the question names an offered tool, a call of it; otherwise an echo.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { chunks, completion, openAiError, usageOf, type OpenAiErrorKind, type Reply, type SandboxToolCall } from './responses';

export const SANDBOX_API_KEY = 'sk-sandbox-0123456789abcdefghijklmnop';

export const DEFAULT_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o3-mini', 'text-embedding-3-small', 'whisper-1', 'dall-e-3', 'tts-1'];

/** One scripted answer: text, or tool calls, or a failure; optionally checking the tools offered. */
export type ScriptTurn = ({ text: string } | { toolCalls: SandboxToolCall[] } | { fail: OpenAiErrorKind }) & {
  /** The function names the request must offer, in any order; otherwise it is answered 400. */
  expectTools?: string[];
};

export interface FaultOptions {
  kind: OpenAiErrorKind;
  /** How many requests fail; every one until `clearFaults()` when absent. */
  times?: number;
  /** Only these paths (e.g. '/v1/models'); every /v1 path when absent. */
  path?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The bearer key the request carried, or null. */
  apiKey: string | null;
  body: unknown;
  /** What the sandbox answered: the status code. */
  status: number;
}

interface ChatMessage {
  role: string;
  content?: unknown;
  name?: string;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string } }[];
}

interface ChatRequest {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: { type: string; function?: { name: string } }[];
}

export interface OpenAiSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  logger?: boolean;
  /** Model ids `/v1/models` lists and completions accept (default DEFAULT_MODELS). */
  models?: string[];
}

export interface OpenAiSandbox {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string;
  /** What the SDK's `baseURL` (and AI_API_BASE) should be: `${url}/v1`. */
  readonly baseURL: string;
  readonly port: number;
  /** A key that works; any key not added is answered 401 invalid_api_key. */
  readonly apiKey: string;
  /** Requests answered, oldest first. */
  readonly requests: RecordedRequest[];
  /** Queues answers for the next chat completions, one turn each, in order. */
  script(turns: ScriptTurn[]): void;
  /** Turns scripted and not used yet. */
  pendingTurns(): number;
  addKey(key: string): void;
  setModels(models: string[]): void;
  fail(options: FaultOptions): void;
  clearFaults(): void;
  /** The chat completion requests only, oldest first. */
  chatRequests(): ChatRequest[];
  envLines(): string[];
  /** Back to the start: one key, the default models, no script, faults or requests. */
  reset(): void;
  close(): Promise<void>;
}

const CREATED = 1_715_367_049;

export async function startOpenAiSandbox(options: OpenAiSandboxOptions = {}): Promise<OpenAiSandbox> {
  const host = options.host ?? '127.0.0.1';
  const keys = new Set([SANDBOX_API_KEY]);
  let models = [...(options.models ?? DEFAULT_MODELS)];
  let turns: ScriptTurn[] = [];
  let faults: (FaultOptions & { left: number })[] = [];
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const app: FastifyInstance = Fastify({ logger: options.logger ?? false, forceCloseConnections: true, bodyLimit: 8 * 1024 * 1024 });

  const sendError = (reply: FastifyReply, kind: OpenAiErrorKind, detail = '') => {
    const { status, body } = openAiError(kind, detail);
    // Keeps the SDK's retries quick; OpenAI itself sends such headers on 429.
    if (status === 429 || status >= 500) void reply.header('retry-after-ms', '10');
    return reply.code(status).send(body);
  };

  // A streamed answer is recorded where it is written: Fastify also runs onResponse for it once the stream ends.
  const streamed = new WeakSet<object>();
  app.addHook('onResponse', (request, reply, done) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/v1/') && !streamed.has(request)) requests.push({ method: request.method, path, apiKey: bearer(request.headers.authorization), body: request.body ?? null, status: reply.statusCode });
    done();
  });

  // Keys and injected faults are checked first, as OpenAI checks the key before anything else.
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/v1/')) return;
    const key = bearer(request.headers.authorization);
    if (!key || !keys.has(key)) return sendError(reply, 'invalid_api_key', key ?? '');
    const fault = faults.find((f) => f.left > 0 && (!f.path || f.path === path));
    if (fault) {
      fault.left -= 1;
      return sendError(reply, fault.kind, (request.body as ChatRequest | undefined)?.model ?? '');
    }
  });

  app.get('/v1/models', async () => ({ object: 'list', data: models.map(modelObject) }));

  app.get<{ Params: { id: string } }>('/v1/models/:id', async (request, reply) => (models.includes(request.params.id) ? modelObject(request.params.id) : sendError(reply, 'model_not_found', request.params.id)));

  app.post('/v1/chat/completions', async (request, reply) => {
    const body = (request.body ?? {}) as ChatRequest;
    const model = body.model ?? '';
    if (!Array.isArray(body.messages) || body.messages.length === 0) return sendError(reply, 'invalid_request', "Missing required parameter: 'messages'.");
    if (!models.includes(model)) return sendError(reply, 'model_not_found', model);
    const offered = (body.tools ?? []).flatMap((tool) => (tool.function ? [tool.function.name] : []));
    const turn = turns.shift();
    if (turn?.expectTools) {
      const missing = turn.expectTools.filter((name) => !offered.includes(name));
      if (missing.length > 0 || offered.length !== turn.expectTools.length) {
        return sendError(reply, 'invalid_request', `Sandbox script expected the tools [${turn.expectTools.join(', ')}] but the request offered [${offered.join(', ')}].`);
      }
    }
    if (turn && 'fail' in turn) return sendError(reply, turn.fail, model);
    counter += 1;
    const answer: Reply = turn ? scripted(turn, counter) : defaultReply(body.messages, offered, counter);
    const usage = usageOf(JSON.stringify(body.messages), answer);
    const id = `chatcmpl-sandbox${counter}`;
    if (!body.stream) return completion(id, model, CREATED, answer, usage);

    reply.hijack();
    streamed.add(request);
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const chunk of chunks(id, model, CREATED, answer, body.stream_options?.include_usage ? usage : null)) reply.raw.write(`data: ${JSON.stringify(chunk)}\n\n`);
    reply.raw.end('data: [DONE]\n\n');
    requests.push({ method: 'POST', path: '/v1/chat/completions', apiKey: bearer(request.headers.authorization), body, status: 200 });
    return reply;
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, 'invalid_request', `Invalid URL (${request.method} ${request.url.split('?')[0]})`));

  await app.listen({ port: options.port ?? 0, host });
  const port = (app.server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    baseURL: `${url}/v1`,
    port,
    apiKey: SANDBOX_API_KEY,
    requests,
    script: (next) => void turns.push(...next),
    pendingTurns: () => turns.length,
    addKey: (key) => void keys.add(key),
    setModels: (next) => void (models = [...next]),
    fail: (fault) => void faults.push({ ...fault, left: fault.times ?? Number.POSITIVE_INFINITY }),
    clearFaults: () => void (faults = []),
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions' && r.status === 200).map((r) => r.body as ChatRequest),
    envLines: () => [`AI_API_BASE=${url}/v1`, `# and in Settings > AI, the key ${SANDBOX_API_KEY}`],
    reset() {
      keys.clear();
      keys.add(SANDBOX_API_KEY);
      models = [...(options.models ?? DEFAULT_MODELS)];
      turns = [];
      faults = [];
      requests.length = 0;
    },
    close: () => app.close(),
  };
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match ? match[1]!.trim() : null;
}

function modelObject(id: string) {
  return { id, object: 'model', created: CREATED, owned_by: id.startsWith('gpt') || id.startsWith('o') ? 'system' : 'openai-internal' };
}

function scripted(turn: ScriptTurn, counter: number): Reply {
  if ('text' in turn) return { text: turn.text, toolCalls: [] };
  if ('toolCalls' in turn) return { text: null, toolCalls: turn.toolCalls.map((call, index) => ({ id: call.id ?? `call_${counter}_${index}`, name: call.name, arguments: call.arguments })) };
  return { text: '', toolCalls: [] };
}

/** A stand-in for a model: relays the last tool result, calls a tool the question names, or echoes. */
function defaultReply(messages: ChatMessage[], offered: string[], counter: number): Reply {
  const last = messages[messages.length - 1]!;
  if (last.role === 'tool') {
    const call = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === last.tool_call_id);
    return { text: `From ${call?.function.name ?? 'the tool'}: ${textOf(last.content)}`, toolCalls: [] };
  }
  const question = textOf([...messages].reverse().find((m) => m.role === 'user')?.content).toLowerCase();
  const named = offered.find((name) => question.includes(name.toLowerCase()) || question.includes(name.replaceAll('_', ' ').toLowerCase()));
  if (named) return { text: null, toolCalls: [{ id: `call_${counter}_0`, name: named, arguments: {} }] };
  return { text: `Sandbox answer to: ${question}`, toolCalls: [] };
}

/** A message's content as text, whether a string or an array of text parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('');
  return '';
}
