import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { askRequestSchema, assistantStatusSchema, conversationListSchema, conversationParamsSchema, conversationSchema, deletedConversationsSchema, type AskEvent, type AskRequest, type AssistantMessage } from '../../../shared/contracts/assistant';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { AiUnavailable, takeAiCall, type AiDependencies, type AiSession } from '../ai';
import { Limit, requireUser, signedInUser } from '../auth';
import { AnswerFailed, answerDirectly, answerWithModel, type Answer } from './ask';
import { assistantStatus, connectionFor } from './assistant-status';
import { addMessage, addTokens, conversationNotFound, deleteConversations, earlierMessages, listConversations, openConversation, readConversation } from './conversations';
import { starterById } from './starters';
import type { ToolContext } from './tool-context';

export interface AssistantRoutesOptions extends AiDependencies {
  /** '/api', or '/api/demo' for the demo account's (nothing stored there). */
  prefix?: string;
  /** Whose data: the signed-in user's unless given (the demo's account needs no sign-in). */
  owner?: () => Promise<User>;
}

/** Answers without a model per user (or demo visitor) in 10 minutes: cheap, but each reads the whole portal. */
export const DIRECT_ANSWERS_PER_WINDOW = 60;
const DIRECT_WINDOW_SECONDS = 600;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['assistant'];
const ASK_DESCRIPTION = [
  'text/event-stream: one AskEvent JSON per `data:` line, in this order: start, then tool / block / delta events, then done or error.',
  'A free question needs a model (AI on and a key at hand, else 409); a starterId is answered by its tool directly when there is none.',
].join(' ');

/** The data-quality assistant: status and starters, asking (streamed), and the conversation history. */
export function assistantRoutes(options: AssistantRoutesOptions): FastifyPluginAsyncZod {
  const { db, prefix = '/api', owner } = options;
  const demo = owner !== undefined;
  const guard = demo ? [] : requireUser(db);
  const userOf = async (request: FastifyRequest) => (owner ? owner() : signedInUser(request));
  // The guard has loaded the session; its id (a hash) keys a key held for the session only.
  const sessionOf = (request: FastifyRequest): AiSession | null => (!demo && request.currentSession ? { id: request.currentSession.id } : null);
  const directAnswers = new Limit(db, 'assistant-direct', DIRECT_ANSWERS_PER_WINDOW, DIRECT_WINDOW_SECONDS);
  const basePath = demo ? '/demo' : '';

  /** Everything that can be refused is refused here, as plain JSON, before the stream starts. */
  async function prepare(request: FastifyRequest, body: AskRequest) {
    const user = await userOf(request);
    const ai = await connectionFor(options, user, sessionOf(request));
    const question = body.question ?? starterById(body.starterId!).question;
    if (ai instanceof AiUnavailable && !body.starterId) throw ai;
    // Demo visitors share one account: each is limited by address, whatever answers.
    if (demo || ai instanceof AiUnavailable) {
      const wait = await directAnswers.count(demo ? `ip:${request.ip}` : `user:${user.id}`);
      if (wait > 0) throw new HttpError(429, 'ASSISTANT_RATE_LIMITED', `You have asked ${DIRECT_ANSWERS_PER_WINDOW} questions in 10 minutes. Please wait ${Math.ceil(wait / 60)} minutes and try again.`);
    }
    if (!(ai instanceof AiUnavailable)) await takeAiCall(db, user);
    if (demo && body.conversationId !== undefined) throw conversationNotFound();
    const conversationId = demo ? null : await openConversation(db, user.id, body.conversationId, question);
    return { user, ai: ai instanceof AiUnavailable ? null : ai, question, conversationId };
  }

  return async (app) => {
    app.get(
      `${prefix}/assistant/status`,
      { preHandler: guard, schema: { tags, summary: 'Whether a model answers free questions, why not, and the suggested questions', response: { 200: assistantStatusSchema, ...errors } } },
      async (request) => assistantStatus(options, await userOf(request), sessionOf(request), demo),
    );

    app.post(
      `${prefix}/assistant/ask`,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: demo ? "Ask about the demo portal's data quality; answers stream, nothing is stored" : 'Ask about my data quality; the answer streams as server-sent events',
          description: ASK_DESCRIPTION,
          body: askRequestSchema,
          response: { 200: z.string().meta({ description: ASK_DESCRIPTION }), 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, ai, question, conversationId } = await prepare(request, request.body);
        const history = conversationId !== null && request.body.conversationId !== undefined ? await earlierMessages(db, user.id, conversationId) : [];
        // The question is kept whatever happens to the answer.
        if (conversationId !== null) await addMessage(db, user.id, conversationId, { role: 'user', content: question });

        const stream = openStream(reply);
        const ctx: ToolContext = { db, user, basePath, now: new Date() };
        stream.send({ type: 'start', conversationId, byModel: ai !== null });
        try {
          const answer: Answer = ai
            ? await answerWithModel(ctx, ai, question, history, stream.send, { signal: stream.signal, log: request.log, firstCallTaken: true })
            : await answerDirectly(ctx, request.body.starterId!, stream.send);
          const message: AssistantMessage =
            conversationId !== null
              ? await addMessage(db, user.id, conversationId, { role: 'assistant', ...answer })
              : { id: 0, role: 'assistant', content: answer.content, blocks: answer.blocks, citations: answer.citations, promptTokens: answer.promptTokens, completionTokens: answer.completionTokens, byModel: answer.byModel, createdAt: new Date().toISOString() };
          stream.send({ type: 'done', message });
        } catch (error) {
          if (error instanceof AnswerFailed) {
            if (conversationId !== null) await addTokens(db, user.id, conversationId, error.promptTokens, error.completionTokens);
            stream.send({ type: 'error', code: error.code, message: error.message });
          } else {
            request.log.error({ err: error }, 'assistant answer failed');
            stream.send({ type: 'error', code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
          }
        } finally {
          stream.end();
        }
      },
    );

    app.get(
      `${prefix}/assistant/conversations`,
      { preHandler: guard, schema: { tags, summary: demo ? 'The demo keeps no conversations: always empty' : 'My conversations, newest first, with the tokens each used', response: { 200: conversationListSchema, ...errors } } },
      async (request) => ({ conversations: demo ? [] : await listConversations(db, (await userOf(request)).id) }),
    );

    app.get(
      `${prefix}/assistant/conversations/:id`,
      {
        preHandler: guard,
        schema: { tags, summary: 'One conversation with its questions, answers, tables and links', params: conversationParamsSchema, response: { 200: conversationSchema, 404: apiErrorSchema, ...errors } },
      },
      async (request) => (demo ? null : await readConversation(db, (await userOf(request)).id, request.params.id)) ?? Promise.reject(conversationNotFound()),
    );

    // The demo refuses deletes with its catch-all for writes: it has nothing to delete.
    if (demo) return;
    app.delete(
      `${prefix}/assistant/conversations/:id`,
      { preHandler: guard, schema: { tags, summary: 'Delete one conversation', params: conversationParamsSchema, response: { 200: deletedConversationsSchema, 404: apiErrorSchema, ...errors } } },
      async (request) => {
        const deleted = await deleteConversations(db, signedInUser(request).id, request.params.id);
        if (deleted === 0) throw conversationNotFound();
        return { deleted };
      },
    );

    app.delete(
      `${prefix}/assistant/conversations`,
      { preHandler: guard, schema: { tags, summary: 'Clear my conversation history', response: { 200: deletedConversationsSchema, ...errors } } },
      async (request) => ({ deleted: await deleteConversations(db, signedInUser(request).id) }),
    );
  };
}

/** The hijacked reply as an event stream: one JSON event per `data:` line; a signal that fires when the client goes. */
function openStream(reply: FastifyReply) {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' });
  const aborted = new AbortController();
  out.on('close', () => {
    if (!out.writableFinished) aborted.abort();
  });
  return {
    signal: aborted.signal,
    send: (event: AskEvent) => {
      if (!out.writableEnded && !aborted.signal.aborted) out.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end: () => {
      if (!out.writableEnded) out.end();
    },
  };
}

