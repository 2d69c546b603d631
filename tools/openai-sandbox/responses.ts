/**
 * OpenAI's answer shapes: the model list, a chat completion, its streamed chunks and the error
 * bodies, with the field names of the official OpenAPI description (openai/openai-openapi).
 */

export interface SandboxToolCall {
  /** Made up when absent: `call_<n>`. */
  id?: string;
  name: string;
  /** An object is sent as JSON; a string as it is (a model may send broken JSON). */
  arguments: Record<string, unknown> | string;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface Reply {
  text: string | null;
  toolCalls: Required<SandboxToolCall>[];
}

export type OpenAiErrorKind = 'invalid_api_key' | 'model_not_found' | 'insufficient_quota' | 'rate_limit_exceeded' | 'server_error' | 'invalid_request';

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** Status and body OpenAI answers for each kind of failure. */
export function openAiError(kind: OpenAiErrorKind, detail = ''): { status: number; body: OpenAiErrorBody } {
  const body = (message: string, type: string, code: string | null, param: string | null = null) => ({ error: { message, type, param, code } });
  switch (kind) {
    case 'invalid_api_key':
      return {
        status: 401,
        body: body(`Incorrect API key provided: ${maskKey(detail)}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key'),
      };
    case 'model_not_found':
      return { status: 404, body: body(`The model \`${detail}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found') };
    case 'insufficient_quota':
      return {
        status: 429,
        body: body(
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
          'insufficient_quota',
          'insufficient_quota',
        ),
      };
    case 'rate_limit_exceeded':
      return {
        status: 429,
        body: body(`Rate limit reached for ${detail || 'gpt-4o'} in organization org-sandbox on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`, 'requests', 'rate_limit_exceeded'),
      };
    case 'server_error':
      return { status: 500, body: body('The server had an error while processing your request. Sorry about that!', 'server_error', null) };
    case 'invalid_request':
      return { status: 400, body: body(detail, 'invalid_request_error', null) };
  }
}

/** As OpenAI shows a wrong key: its first and last characters only. */
function maskKey(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 3)}${'*'.repeat(Math.min(20, key.length - 7))}${key.slice(-4)}`;
}

/** A rough count, about four characters a token, so usage figures move with the text. */
export function tokensOf(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function usageOf(prompt: string, reply: Reply): Usage {
  const completion = tokensOf((reply.text ?? '') + reply.toolCalls.map((call) => call.name + JSON.stringify(call.arguments)).join(''));
  const promptTokens = tokensOf(prompt);
  return { prompt_tokens: promptTokens, completion_tokens: completion, total_tokens: promptTokens + completion };
}

const argumentsText = (call: Required<SandboxToolCall>) => (typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments));

/** The `chat.completion` object of a plain (not streamed) request. */
export function completion(id: string, model: string, created: number, reply: Reply, usage: Usage) {
  const toolCalls = reply.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: argumentsText(call) } }));
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    system_fingerprint: 'fp_sandbox',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.text, refusal: null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage,
  };
}

/**
 * The `chat.completion.chunk` objects of a streamed answer, as OpenAI sends them: the role
 * first, then the text in small pieces, or each tool call opened with its id and name and its
 * arguments following in fragments; the finish reason last, then usage (with no choices) when asked.
 */
export function chunks(id: string, model: string, created: number, reply: Reply, usage: Usage | null): object[] {
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_sandbox',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(usage ? { usage: null } : {}),
  });
  const out: object[] = [chunk({ role: 'assistant', content: reply.toolCalls.length > 0 ? null : '', refusal: null })];
  if (reply.text) for (const piece of pieces(reply.text, 12)) out.push(chunk({ content: piece }));
  reply.toolCalls.forEach((call, index) => {
    out.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of pieces(argumentsText(call), 7)) out.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  out.push(chunk({}, reply.toolCalls.length > 0 ? 'tool_calls' : 'stop'));
  if (usage) out.push({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_sandbox', choices: [], usage });
  return out;
}

/** Text cut into pieces of at most `size` characters, never splitting a surrogate pair. */
function pieces(text: string, size: number): string[] {
  const characters = Array.from(text);
  const out: string[] = [];
  for (let start = 0; start < characters.length; start += size) out.push(characters.slice(start, start + size).join(''));
  return out;
}
