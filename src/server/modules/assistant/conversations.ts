import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { citationSchema, dataBlockSchema, type AssistantMessage, type Citation, type Conversation, type ConversationSummary, type DataBlock } from '../../../shared/contracts/assistant';
import type { Db } from '../../db/client';
import { aiConversations, aiMessages, type AiConversation, type AiMessage } from '../../db/schema';
import { HttpError } from '../../http/errors';

/** Conversations the history lists at most, newest first. */
const LIST_LIMIT = 100;
/** Earlier messages the model is given with a new question: enough for a follow-up, bounded in tokens. */
const HISTORY_FOR_MODEL = 10;
const TITLE_LENGTH = 80;

export const conversationNotFound = () => new HttpError(404, 'NOT_FOUND', 'No such conversation.');

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  blocks?: DataBlock[];
  citations?: Citation[];
  /** The tools the answer called, with their arguments. */
  toolCalls?: { name: string; arguments: unknown }[];
  promptTokens?: number;
  completionTokens?: number;
  byModel?: boolean;
}

/** Stored JSON is read item by item: an entry that no longer fits the contract is left out, not the message. */
function validItems<T>(items: readonly unknown[] | null, schema: z.ZodType<T>): T[] {
  return (items ?? []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function messageView(row: AiMessage): AssistantMessage {
  return {
    id: row.id,
    role: row.role === 'user' ? 'user' : 'assistant',
    content: row.content,
    blocks: validItems(row.blocks, dataBlockSchema),
    citations: validItems(row.citations, citationSchema),
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    byModel: row.byModel,
    createdAt: row.createdAt.toISOString(),
  };
}

function summaryView(row: AiConversation, messageCount: number): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const mine = (userId: number, id: number) => and(eq(aiConversations.id, id), eq(aiConversations.userId, userId));

/** The user's conversation to continue (404 when it is not theirs), or a new one titled by the question. */
export async function openConversation(db: Db, userId: number, id: number | undefined, question: string): Promise<number> {
  if (id !== undefined) {
    const [row] = await db.select({ id: aiConversations.id }).from(aiConversations).where(mine(userId, id)).limit(1);
    if (!row) throw conversationNotFound();
    return row.id;
  }
  const title = question.length > TITLE_LENGTH ? `${question.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : question;
  const [row] = await db.insert(aiConversations).values({ userId, title }).returning({ id: aiConversations.id });
  return row!.id;
}

/** Adds a message and its tokens to the conversation's sums. */
export async function addMessage(db: Db, userId: number, conversationId: number, message: NewMessage): Promise<AssistantMessage> {
  const promptTokens = message.promptTokens ?? 0;
  const completionTokens = message.completionTokens ?? 0;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(aiMessages)
      .values({
        conversationId,
        userId,
        role: message.role,
        content: message.content,
        blocks: message.blocks ?? [],
        citations: message.citations ?? [],
        toolCalls: message.toolCalls ?? null,
        promptTokens,
        completionTokens,
        byModel: message.byModel ?? false,
      })
      .returning();
    await tx
      .update(aiConversations)
      .set({ promptTokens: sql`${aiConversations.promptTokens} + ${promptTokens}`, completionTokens: sql`${aiConversations.completionTokens} + ${completionTokens}`, updatedAt: new Date() })
      .where(mine(userId, conversationId));
    return messageView(row!);
  });
}

/** Tokens a failed answer used still count: the user's OpenAI account paid for them. */
export async function addTokens(db: Db, userId: number, conversationId: number, promptTokens: number, completionTokens: number): Promise<void> {
  if (promptTokens === 0 && completionTokens === 0) return;
  await db
    .update(aiConversations)
    .set({ promptTokens: sql`${aiConversations.promptTokens} + ${promptTokens}`, completionTokens: sql`${aiConversations.completionTokens} + ${completionTokens}`, updatedAt: new Date() })
    .where(mine(userId, conversationId));
}

/** The last questions and answers before this one, oldest first, as the model reads them. */
export async function earlierMessages(db: Db, userId: number, conversationId: number): Promise<{ role: 'user' | 'assistant'; content: string }[]> {
  const rows = await db
    .select({ role: aiMessages.role, content: aiMessages.content })
    .from(aiMessages)
    .where(and(eq(aiMessages.conversationId, conversationId), eq(aiMessages.userId, userId), inArray(aiMessages.role, ['user', 'assistant'])))
    .orderBy(desc(aiMessages.id))
    .limit(HISTORY_FOR_MODEL);
  return rows.reverse().map((r) => ({ role: r.role === 'user' ? 'user' : 'assistant', content: r.content }));
}

export async function listConversations(db: Db, userId: number): Promise<ConversationSummary[]> {
  const messageCount = db
    .select({ conversationId: aiMessages.conversationId, messages: count().as('messages') })
    .from(aiMessages)
    .where(eq(aiMessages.userId, userId))
    .groupBy(aiMessages.conversationId)
    .as('message_count');
  const rows = await db
    .select({ conversation: aiConversations, messages: messageCount.messages })
    .from(aiConversations)
    .leftJoin(messageCount, eq(messageCount.conversationId, aiConversations.id))
    .where(eq(aiConversations.userId, userId))
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => summaryView(r.conversation, Number(r.messages ?? 0)));
}

export async function readConversation(db: Db, userId: number, id: number): Promise<Conversation | null> {
  const [row] = await db.select().from(aiConversations).where(mine(userId, id)).limit(1);
  if (!row) return null;
  const messages = await db
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.conversationId, id), eq(aiMessages.userId, userId), inArray(aiMessages.role, ['user', 'assistant'])))
    .orderBy(asc(aiMessages.id));
  return { ...summaryView(row, messages.length), messages: messages.map(messageView) };
}

/** Deletes one conversation (its messages go with it), or all of the user's when `id` is absent; how many went. */
export async function deleteConversations(db: Db, userId: number, id?: number): Promise<number> {
  const deleted = await db
    .delete(aiConversations)
    .where(id === undefined ? eq(aiConversations.userId, userId) : mine(userId, id))
    .returning({ id: aiConversations.id });
  return deleted.length;
}
