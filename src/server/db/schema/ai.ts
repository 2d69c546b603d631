import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { ownerUserId } from './users';

/** One assistant conversation per thread; the tokens it used are summed here for the page. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    title: text('title').notNull().default(''),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * The messages of a conversation: the user's questions, the assistant's answers with what they
 * cite, and the tool calls and results the answers were grounded in.
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    /** user, assistant or tool. */
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    /** The assistant's tool calls (name, arguments) or, for a tool message, its call id and name. */
    toolCalls: jsonb('tool_calls').$type<unknown[]>(),
    /** Links the answer cites: groups, records, screens. */
    citations: jsonb('citations').$type<unknown[]>(),
    /** The tables of the tools' results the answer showed, exactly as they were shown. */
    blocks: jsonb('blocks').$type<unknown[]>(),
    /** Whether a model wrote the answer (false: the tools answered a starter question directly). */
    byModel: boolean('by_model').notNull().default(false),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Recommendations the user dismissed or marked done: they stay gone while the same finding holds. */
export const recommendationStates = pgTable(
  'recommendation_states',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    /** The rule and what it is about, e.g. missing-email:contacts. */
    recommendationKey: text('recommendation_key').notNull(),
    /** dismissed or done. */
    status: text('status').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recommendation_states_user_key_idx').on(t.userId, t.recommendationKey)],
);

export type AiConversation = typeof aiConversations.$inferSelect;
export type AiMessage = typeof aiMessages.$inferSelect;
