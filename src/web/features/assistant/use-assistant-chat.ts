import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AskEvent, AssistantMessage, Citation, Conversation, DataBlock } from '../../../shared/contracts/assistant';
import { ApiError, isNetworkError, serverMessage } from '../../lib/api-request';
import { askAssistant, type AskBody } from './api/ask-assistant';
import { useConversationQuery, useRefreshConversations } from './api/assistant-requests';

export interface QuestionTurn {
  kind: 'question';
  key: number;
  text: string;
}

export interface AnswerTurn {
  kind: 'answer';
  key: number;
  /** What was asked, to ask again on Retry; null for answers read from history. */
  request: AskBody | null;
  status: 'streaming' | 'done' | 'error' | 'stopped';
  text: string;
  /** The tool running now, in words; null between tools. */
  tool: string | null;
  blocks: DataBlock[];
  citations: Citation[];
  promptTokens: number;
  completionTokens: number;
  byModel: boolean;
  error: string | null;
}

export type Turn = QuestionTurn | AnswerTurn;

const CUT_OFF = 'The answer stopped before it was finished. Please try again.';
const UNREACHABLE = 'DataCleaner could not be reached. Check your connection and try again.';

let nextKey = 1;

type AnswerContent = Pick<AnswerTurn, 'text' | 'blocks' | 'citations' | 'promptTokens' | 'completionTokens' | 'byModel' | 'tool'>;

function answerFrom(message: AssistantMessage): AnswerContent {
  return {
    text: message.content,
    blocks: message.blocks,
    citations: message.citations,
    promptTokens: message.promptTokens,
    completionTokens: message.completionTokens,
    byModel: message.byModel,
    tool: null,
  };
}

function turnsOf(conversation: Conversation): Turn[] {
  return conversation.messages.map((message): Turn =>
    message.role === 'user'
      ? { kind: 'question', key: nextKey++, text: message.content }
      : { kind: 'answer', key: nextKey++, request: null, status: 'done', error: null, ...answerFrom(message) },
  );
}

function emptyAnswer(request: AskBody): AnswerTurn {
  return { kind: 'answer', key: nextKey++, request, status: 'streaming', text: '', tool: null, blocks: [], citations: [], promptTokens: 0, completionTokens: 0, byModel: false, error: null };
}

/** What went wrong, in words: the server's own message when it sent one. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return serverMessage(error) ?? `The assistant could not answer (${error.status}). Please try again.`;
  if (isNetworkError(error)) return UNREACHABLE;
  return error instanceof Error && error.message ? error.message : UNREACHABLE;
}

/** Applies one event of the stream to the answer it belongs to. */
function applyEvent(turn: AnswerTurn, event: AskEvent): AnswerTurn {
  switch (event.type) {
    case 'start':
      return { ...turn, byModel: event.byModel };
    case 'tool':
      return { ...turn, tool: event.label };
    case 'block':
      return { ...turn, tool: null, blocks: [...turn.blocks, event.block] };
    case 'delta':
      return { ...turn, tool: null, text: turn.text + event.text };
    case 'done': {
      // The stored message is the answer of record and replaces what streamed in, short of
      // blanking words or tables the user has already seen.
      const stored = answerFrom(event.message);
      return { ...turn, ...stored, text: stored.text || turn.text, blocks: stored.blocks.length ? stored.blocks : turn.blocks, status: 'done' };
    }
    case 'error':
      return { ...turn, tool: null, status: 'error', error: event.message };
  }
}

/**
 * The conversation on the page: asks (streaming the answer in), stops, retries, opens a
 * past conversation and starts a new one. One question at a time; leaving the page stops it.
 */
export function useAssistantChat() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState<{ id: number; error: string | null } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const client = useQueryClient();
  const conversationQuery = useConversationQuery();
  const refreshConversations = useRefreshConversations();

  useEffect(() => () => controller.current?.abort(), []);

  const patch = (key: number, change: (turn: AnswerTurn) => AnswerTurn) =>
    setTurns((all) => all.map((turn) => (turn.kind === 'answer' && turn.key === key ? change(turn) : turn)));

  async function run(request: AskBody, answer: AnswerTurn) {
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    let finished = false;
    try {
      await askAssistant(request, {
        signal: abort.signal,
        onEvent: (event) => {
          if (event.type === 'start' && event.conversationId !== null) setConversationId(event.conversationId);
          if (event.type === 'done' || event.type === 'error') finished = true;
          patch(answer.key, (turn) => applyEvent(turn, event));
        },
      });
      if (!finished) patch(answer.key, (turn) => ({ ...turn, tool: null, status: 'error', error: CUT_OFF }));
    } catch (error) {
      if (abort.signal.aborted) patch(answer.key, (turn) => ({ ...turn, tool: null, status: 'stopped' }));
      else patch(answer.key, (turn) => ({ ...turn, tool: null, status: 'error', error: failureText(error) }));
    } finally {
      if (controller.current === abort) controller.current = null;
      setBusy(false);
      refreshConversations();
    }
  }

  /** Ask a free question or a starter; `shown` is the question as the user reads it. */
  function ask(question: AskBody, shown: string) {
    if (busy) return;
    const request: AskBody = conversationId === null ? question : { ...question, conversationId };
    const answer = emptyAnswer(request);
    setTurns((all) => [...all, { kind: 'question', key: nextKey++, text: shown }, answer]);
    void run(request, answer);
  }

  /** Ask the failed question again, in place of its failed answer. */
  function retry(key: number) {
    const failed = turns.find((turn): turn is AnswerTurn => turn.kind === 'answer' && turn.key === key);
    if (busy || !failed?.request) return;
    const request: AskBody = conversationId === null || failed.request.conversationId !== undefined ? failed.request : { ...failed.request, conversationId };
    const answer = emptyAnswer(request);
    setTurns((all) => all.map((turn) => (turn === failed ? answer : turn)));
    void run(request, answer);
  }

  function stop() {
    controller.current?.abort();
  }

  function startNew() {
    stop();
    setTurns([]);
    setConversationId(null);
    setOpening(null);
  }

  async function open(id: number) {
    stop();
    setOpening({ id, error: null });
    try {
      const conversation = await client.fetchQuery(conversationQuery(id));
      setTurns(turnsOf(conversation));
      setConversationId(conversation.id);
      setOpening(null);
    } catch (error) {
      setOpening({ id, error: serverMessage(error) ?? 'That conversation could not be opened. Please try again.' });
    }
  }

  const answers = turns.filter((turn): turn is AnswerTurn => turn.kind === 'answer');
  const tokens = answers.reduce((sum, turn) => sum + turn.promptTokens + turn.completionTokens, 0);

  return { turns, conversationId, busy, opening, tokens, ask, retry, stop, startNew, open };
}
