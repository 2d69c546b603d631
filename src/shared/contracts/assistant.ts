import { z } from 'zod';
import { OBJECT_TYPES } from '../object-types';
import { MAX_ROW_ID, rowIdParam } from './ids';

/**
 * The data-quality assistant (/ai, /demo/assistant, /demo/ai). Every figure in an answer comes
 * from one of our tools over the user's own scans and mirror; the model only words and chooses.
 * Without a key (or with AI off) the starter questions are answered by the same tools directly.
 */

/** The tools the model may call (OpenAI function calling); the same functions answer starters without a model. */
export const ASSISTANT_TOOLS = ['health_summary', 'duplicate_groups', 'duplicate_group', 'quality_records', 'matching_settings', 'recommendations'] as const;
export type AssistantToolName = (typeof ASSISTANT_TOOLS)[number];

/** Most records one answer may send to the model or show (the privacy cap the page states). */
export const ASSISTANT_RECORD_CAP = 20;
export const ASSISTANT_QUESTION_MAX = 1000;

export const STARTER_IDS = ['health-overview', 'companies-most-duplicates', 'contacts-score-change', 'contacts-missing-email-this-year', 'what-to-fix-first'] as const;
export type StarterId = (typeof STARTER_IDS)[number];

export const starterQuestionSchema = z
  .object({
    id: z.enum(STARTER_IDS),
    question: z.string(),
    /** The tool that answers it, shown as "Answered from ..." */
    tool: z.enum(ASSISTANT_TOOLS),
  })
  .meta({ id: 'AssistantStarter' });

/** A link an answer cites: a duplicate group, a record, or a screen of the app (paths are app paths, /demo-prefixed in the demo). */
export const citationSchema = z
  .object({
    kind: z.enum(['group', 'record', 'screen']),
    label: z.string(),
    href: z.string(),
  })
  .meta({ id: 'AssistantCitation' });

/** A column of a data table; `format` tells the page how to show the cell in the user's locale. */
export const dataColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(['text', 'number', 'percent', 'date', 'datetime', 'link']).default('text'),
});

/**
 * A real query's result, shown as a table (and as a chart when `chart` is set): what a tool
 * returned, exactly as it returned it. Cells are strings, numbers or null; a `link` column's
 * cell is `{ label, href }`.
 */
export const dataBlockSchema = z
  .object({
    tool: z.enum(ASSISTANT_TOOLS),
    title: z.string(),
    /** One line under the title, e.g. "12 of 1,204 contacts; the first 20 shown". */
    caption: z.string().nullable(),
    columns: z.array(dataColumnSchema),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null(), z.object({ label: z.string(), href: z.string() })]))),
    /** Draw the rows as a line chart (x: a date column, series: number columns) or bars (x: a text column). */
    chart: z
      .object({ kind: z.enum(['line', 'bar']), x: z.string(), series: z.array(z.string()) })
      .nullable(),
  })
  .meta({ id: 'AssistantDataBlock' });

export const assistantMessageSchema = z
  .object({
    id: z.number().int(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    /** The tools' results the answer rests on. */
    blocks: z.array(dataBlockSchema),
    citations: z.array(citationSchema),
    /** Tokens the model used for this answer (0 when answered without a model). */
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
    /** Whether a model wrote the words (false: answered directly by the tools). */
    byModel: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AssistantMessage' });

export const conversationSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
    messageCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AssistantConversationSummary' });

export const conversationSchema = conversationSummarySchema
  .extend({ messages: z.array(assistantMessageSchema) })
  .meta({ id: 'AssistantConversation' });

export const conversationListSchema = z
  .object({ conversations: z.array(conversationSummarySchema) })
  .meta({ id: 'AssistantConversationList' });

/** What the page needs before the first question: whether a model will answer, and the starters. */
export const assistantStatusSchema = z
  .object({
    /** A model answers free questions (AI on and a key at hand). */
    aiAvailable: z.boolean(),
    /** Why not, in words, with where to change it; null when available. */
    unavailableReason: z.string().nullable(),
    model: z.string().nullable(),
    starters: z.array(starterQuestionSchema),
    /** Conversations are kept (false in the demo, where nothing is stored). */
    historyKept: z.boolean(),
    recordCap: z.number().int(),
  })
  .meta({ id: 'AssistantStatus' });

export const askRequestSchema = z
  .strictObject({
    /** A free question (needs a model), or ... */
    question: z.string().trim().min(1, 'Type a question').max(ASSISTANT_QUESTION_MAX, `A question is at most ${ASSISTANT_QUESTION_MAX} characters`).optional(),
    /** ... a starter question, answered by its tool when no model is at hand. */
    starterId: z.enum(STARTER_IDS, { error: `starterId must be one of ${STARTER_IDS.join(', ')}` }).optional(),
    /** Continue this conversation; a new one is started when absent. */
    conversationId: z.number().int().positive().max(MAX_ROW_ID, `conversationId is a whole number from 1 to ${MAX_ROW_ID}`).optional(),
  })
  .refine((body) => Boolean(body.question) !== Boolean(body.starterId), { message: 'Send a question or a starterId, not both', path: ['question'] })
  .meta({ id: 'AssistantAskRequest' });

/** What DELETE of one conversation or of all of them answers. */
export const deletedConversationsSchema = z.object({ deleted: z.number().int() }).meta({ id: 'AssistantConversationsDeleted' });

export const conversationParamsSchema = z.object({ id: rowIdParam('conversation') });

/**
 * POST /api/assistant/ask answers `text/event-stream`, one JSON object per `data:` line, in this
 * order: `start`, then any of `tool` / `block` / `delta`, then `done` or `error` (last).
 */
export const askEventSchema = z.discriminatedUnion('type', [
  /** The conversation the answer belongs to (null in the demo, which keeps none) and the question stored. */
  z.object({ type: z.literal('start'), conversationId: z.number().int().nullable(), byModel: z.boolean() }),
  /** A tool is being run: `label` says what in words ("Looking up duplicate groups of companies"). */
  z.object({ type: z.literal('tool'), name: z.enum(ASSISTANT_TOOLS), label: z.string() }),
  /** A tool's result, to show as a table or chart. */
  z.object({ type: z.literal('block'), block: dataBlockSchema }),
  /** Words of the answer as they arrive. */
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), message: assistantMessageSchema }),
  /** In words (invalid key, no access to the model, quota, server unreachable, rate limit); the question is kept. */
  z.object({ type: z.literal('error'), message: z.string(), code: z.string() }),
]);

export const ASSISTANT_OBJECT_TYPES = OBJECT_TYPES;

export type StarterQuestion = z.infer<typeof starterQuestionSchema>;
export type Citation = z.infer<typeof citationSchema>;
export type DataBlock = z.infer<typeof dataBlockSchema>;
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;
export type AskRequest = z.infer<typeof askRequestSchema>;
export type AskEvent = z.infer<typeof askEventSchema>;
