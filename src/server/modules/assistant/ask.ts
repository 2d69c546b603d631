import { OpenAIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AskEvent, AssistantToolName, Citation, DataBlock, StarterId } from '../../../shared/contracts/assistant';
import { aiErrorSummary, mapAiError, takeAiCall, type AiConnection } from '../ai';
import { isToolName, MODEL_TOOLS, parseToolArguments, runTool, toolLabel } from './assistant-tools';
import { citationsFor } from './citations';
import { starterById } from './starters';
import type { ToolContext, ToolResult } from './tool-context';

/** Model calls for one answer at most: tools asked for, results read, then words; the last call may not ask for tools. */
export const MAX_MODEL_ROUNDS = 5;

export type Emit = (event: AskEvent) => void;

/** What an answer came to, to store and to send as `done`. */
export interface Answer {
  content: string;
  blocks: DataBlock[];
  citations: Citation[];
  toolCalls: { name: AssistantToolName; arguments: unknown }[];
  promptTokens: number;
  completionTokens: number;
  byModel: boolean;
}

/** Failed part-way: what it cost so far, and the error in words. */
export class AnswerFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly promptTokens: number,
    readonly completionTokens: number,
  ) {
    super(message);
    this.name = 'AnswerFailed';
  }
}

interface Log {
  error(object: object, message: string): void;
}

export function systemPrompt(now: Date): string {
  return [
    "You are DataCleaner's data-quality assistant. You answer questions about the data quality of the user's HubSpot portal.",
    'Answer only from the results of the tools you call: call a tool for every figure you give. Never invent, estimate or alter a figure; quote figures exactly as the tools return them.',
    'If the tools cannot answer the question, say so plainly and suggest what would.',
    'Name duplicate groups by their name and id (for example "Acme Inc (#42)") and records by their name, so the answer can link to them; say which screen to open (dashboard, duplicates, reports, settings) when the user should act.',
    'Record fields are shared with you only when a tool returns them: ask for records only when the question needs them.',
    `Keep answers short: a few sentences or a short list. Today is ${now.toISOString().slice(0, 10)}.`,
  ].join('\n');
}

/** Runs a tool for the answer: tells the page, shows its tables, gathers its links. */
async function useTool(ctx: ToolContext, name: AssistantToolName, args: never, emit: Emit, gathered: { blocks: DataBlock[]; citations: Citation[] }): Promise<ToolResult> {
  emit({ type: 'tool', name, label: toolLabel(name, args) });
  const result = await runTool(ctx, name, args);
  for (const block of result.blocks) emit({ type: 'block', block });
  gathered.blocks.push(...result.blocks);
  gathered.citations.push(...result.citations);
  return result;
}

/** A starter answered by its tool alone: the figures in a sentence, the tables, the links. */
export async function answerDirectly(ctx: ToolContext, starterId: StarterId, emit: Emit): Promise<Answer> {
  const starter = starterById(starterId);
  const args = starter.args(ctx.now);
  const gathered = { blocks: [] as DataBlock[], citations: [] as Citation[] };
  const result = await useTool(ctx, starter.tool, args as never, emit, gathered);
  emit({ type: 'delta', text: result.summary });
  return { content: result.summary, blocks: gathered.blocks, citations: gathered.citations, toolCalls: [{ name: starter.tool, arguments: args }], promptTokens: 0, completionTokens: 0, byModel: false };
}

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * The model answers with our tools (function calling), streamed: its words go to the page as
 * they arrive, each tool it asks for runs over the user's data and its result goes back to it,
 * for at most MAX_MODEL_ROUNDS calls. Every call counts against the user's AI limit.
 */
export async function answerWithModel(
  ctx: ToolContext,
  ai: AiConnection,
  question: string,
  history: readonly { role: 'user' | 'assistant'; content: string }[],
  emit: Emit,
  options: { signal: AbortSignal; log: Log; firstCallTaken: boolean },
): Promise<Answer> {
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: systemPrompt(ctx.now) }, ...history, { role: 'user', content: question }];
  const gathered = { blocks: [] as DataBlock[], citations: [] as Citation[] };
  const toolCalls: Answer['toolCalls'] = [];
  const summaries: string[] = [];
  let content = '';
  let promptTokens = 0;
  let completionTokens = 0;
  try {
    for (let round = 1; round <= MAX_MODEL_ROUNDS; round++) {
      if (round > 1 || !options.firstCallTaken) await takeAiCall(ctx.db, ctx.user);
      const last = round === MAX_MODEL_ROUNDS;
      const stream = await ai.client.chat.completions.create(
        { model: ai.model, messages, tools: MODEL_TOOLS, stream: true, stream_options: { include_usage: true }, ...(last ? { tool_choice: 'none' as const } : {}) },
        { signal: options.signal },
      );
      const calls: PendingCall[] = [];
      let text = '';
      for await (const chunk of stream) {
        if (chunk.usage) {
          promptTokens += chunk.usage.prompt_tokens;
          completionTokens += chunk.usage.completion_tokens;
        }
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) {
          text += delta.content;
          emit({ type: 'delta', text: delta.content });
        }
        // A call arrives as its id and name, then its arguments in pieces, keyed by index.
        for (const piece of delta.tool_calls ?? []) {
          const call = (calls[piece.index] ??= { id: '', name: '', arguments: '' });
          if (piece.id) call.id = piece.id;
          if (piece.function?.name) call.name += piece.function.name;
          if (piece.function?.arguments) call.arguments += piece.function.arguments;
        }
      }
      content += text;
      const asked = calls.filter(Boolean);
      if (asked.length === 0 || last) break;

      messages.push({ role: 'assistant', content: text || null, tool_calls: asked.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) });
      for (const call of asked) {
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(await toolAnswer(ctx, call, emit, gathered, toolCalls, summaries)) });
      }
    }
  } catch (error) {
    if (options.signal.aborted) throw new AnswerFailed('ABORTED', 'The question was cancelled.', promptTokens, completionTokens);
    const mapped = mapAiError(error, ai.model);
    // The SDK's errors may quote the key: only their status and code are logged.
    if (mapped.code === 'AI_FAILED') options.log.error({ err: error instanceof OpenAIError ? aiErrorSummary(error) : error }, 'assistant answer failed');
    throw new AnswerFailed(mapped.code, mapped.message, promptTokens, completionTokens);
  }
  // A model that called tools and said nothing still leaves the user the figures.
  if (content.trim() === '') {
    content = [...new Set(summaries)].join(' ') || 'The model gave no answer. Please try asking in other words.';
    emit({ type: 'delta', text: content });
  }
  return { content, blocks: gathered.blocks, citations: citationsFor(content, gathered.citations), toolCalls, promptTokens, completionTokens, byModel: true };
}

/** One tool call of the model's, run; what the model is told back (an error in words when the call is not valid). */
async function toolAnswer(ctx: ToolContext, call: PendingCall, emit: Emit, gathered: { blocks: DataBlock[]; citations: Citation[] }, toolCalls: Answer['toolCalls'], summaries: string[]): Promise<unknown> {
  if (!isToolName(call.name)) return { error: `There is no tool named ${call.name}.` };
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return { error: 'The arguments were not valid JSON.' };
  }
  const parsed = parseToolArguments(call.name, raw);
  if (!parsed.ok) return { error: `Invalid arguments: ${parsed.error}` };
  toolCalls.push({ name: call.name, arguments: parsed.args });
  const result = await useTool(ctx, call.name, parsed.args as never, emit, gathered);
  summaries.push(result.summary);
  // The model gets exactly what the tables show: the same figures, in compact JSON.
  return result.forModel;
}
