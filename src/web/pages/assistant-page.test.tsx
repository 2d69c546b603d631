import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_QUESTION_MAX, type AssistantStatus, type Conversation } from '../../shared/contracts/assistant';
import type { RecommendationList } from '../../shared/contracts/recommendations';
import { assistantMessage, assistantStatus, duplicateGroupsBlock, eventStream, streamOf } from '../features/assistant/assistant-fixtures';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser, type Handler } from '../test/fake-api';
import { renderApp } from '../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const noRecommendations: RecommendationList = { recommendations: [], basedOnScanAt: null, aiRewritten: false, hidden: 0 };
const locale = (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(undefined, options).format(value);

/** A signed-in user's /ai: the status, an empty history and no recommendations, plus whatever a test adds. */
function assistantApi(status: AssistantStatus, handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/assistant/status': () => json(status),
    'GET /api/assistant/conversations': () => json({ conversations: [] }),
    'GET /api/hubspot/recommendations': () => json(noRecommendations),
    ...handlers,
  });
}

const chat = () => screen.getByRole('region', { name: 'This conversation' });

beforeAll(async () => {
  await import('./assistant-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

describe('/ai without a model', () => {
  it('explains what AI adds, keeps the box disabled with the reason, and answers a starter with a real table', async () => {
    const status = assistantStatus();
    const api = assistantApi(status, {
      'POST /api/assistant/ask': () =>
        streamOf([
          { type: 'start', conversationId: 9, byModel: false },
          { type: 'tool', name: 'duplicate_groups', label: 'Looking up duplicate groups of companies' },
          { type: 'block', block: duplicateGroupsBlock() },
          { type: 'done', message: assistantMessage({ content: 'These companies have the most duplicate records.', blocks: [duplicateGroupsBlock()] }) },
        ]),
    });
    renderApp('/ai');

    const explanation = await screen.findByRole('region', { name: 'Answering without AI' });
    expect(within(explanation).getByText(status.unavailableReason!)).toBeInTheDocument();
    expect(within(explanation).getByRole('link', { name: 'Open Settings, AI' })).toHaveAttribute('href', '/settings#ai');
    const box = screen.getByLabelText('Ask your own question');
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(expect.stringContaining(status.unavailableReason!));
    expect(screen.getByRole('region', { name: 'Privacy and cost' })).toHaveTextContent('at most 20 records per request');

    fireEvent.click(screen.getByRole('button', { name: /Which companies have the most duplicates\?/ }));
    const table = await screen.findByRole('table');
    expect(api.callsTo('POST', '/api/assistant/ask')[0]!.body).toEqual({ starterId: 'companies-most-duplicates' });
    const cells = within(table).getAllByRole('row')[1]!;
    expect(within(cells).getByRole('link', { name: 'Acme Corporation' })).toHaveAttribute('href', '/duplicates/41');
    expect(cells).toHaveTextContent(locale(12345));
    expect(cells).toHaveTextContent(locale(0.975, { style: 'percent', maximumFractionDigits: 1 }));
    expect(cells).toHaveTextContent(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2025, 2, 1)));
    expect(within(chat()).getByText('These companies have the most duplicate records.')).toBeInTheDocument();
    expect(within(chat()).getByText('Answered directly from your data: no model, no tokens used.')).toBeInTheDocument();
    expect(within(chat()).getByText('You asked:', { exact: false }).parentElement).toHaveTextContent('Which companies have the most duplicates?');
  });
});

describe('/ai with a model', () => {
  it('streams an answer: the tool at work, the words as they come, the table, sources as links and the tokens', async () => {
    let stream: ReturnType<typeof eventStream> | undefined;
    const api = assistantApi(assistantStatus({ aiAvailable: true, unavailableReason: null, model: 'gpt-4o' }), {
      'POST /api/assistant/ask': ({ init }) => {
        stream = eventStream(init?.signal);
        return stream.response;
      },
    });
    renderApp('/ai');
    const box = await screen.findByLabelText('Ask your own question');
    expect(box).toBeEnabled();
    expect(box).toHaveAttribute('maxLength', String(ASSISTANT_QUESTION_MAX));
    fireEvent.change(box, { target: { value: 'Which companies have the most duplicates?' } });
    expect(screen.getByText(`41 / ${locale(ASSISTANT_QUESTION_MAX)} characters`)).toBeInTheDocument();
    // Shift+Enter is a new line, Enter sends.
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(api.callsTo('POST', '/api/assistant/ask')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(stream).toBeDefined());
    expect(api.callsTo('POST', '/api/assistant/ask')[0]!.body).toEqual({ question: 'Which companies have the most duplicates?' });
    expect(box).toHaveValue('');

    act(() => stream!.send({ type: 'start', conversationId: 12, byModel: true }));
    act(() => stream!.send({ type: 'tool', name: 'duplicate_groups', label: 'Looking up duplicate groups of companies' }));
    expect(await screen.findByText('Looking up duplicate groups of companies...')).toBeInTheDocument();
    act(() => stream!.send({ type: 'block', block: duplicateGroupsBlock() }));
    await screen.findByRole('table');
    act(() => stream!.send({ type: 'delta', text: 'Acme Corporation has ' }));
    expect(await screen.findByText('Acme Corporation has')).toBeInTheDocument();
    expect(screen.queryByText('Looking up duplicate groups of companies...')).not.toBeInTheDocument();
    act(() => stream!.send({ type: 'delta', text: 'the most: 12 records.' }));
    expect(await screen.findByText('Acme Corporation has the most: 12 records.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    const message = assistantMessage({
      content: 'Acme Corporation has the most: 12 records.',
      blocks: [duplicateGroupsBlock()],
      citations: [
        { kind: 'group', label: 'Acme Corporation (12 records)', href: '/duplicates/41' },
        { kind: 'screen', label: 'Duplicates', href: '/duplicates?objectType=companies' },
      ],
      promptTokens: 1200,
      completionTokens: 34,
      byModel: true,
    });
    act(() => {
      stream!.send({ type: 'done', message });
      stream!.close();
    });
    const sources = await screen.findByRole('navigation', { name: 'Sources of this answer' });
    expect(within(sources).getByRole('link', { name: /Acme Corporation \(12 records\)/ })).toHaveAttribute('href', '/duplicates/41');
    expect(within(sources).getByRole('link', { name: /Duplicates/ })).toHaveAttribute('href', '/duplicates?objectType=companies');
    expect(screen.getByText(`${locale(1234)} tokens used (${locale(1200)} sent, 34 written)`)).toBeInTheDocument();
    expect(screen.getByText(`${locale(1234)} tokens in this conversation`)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ask' })).toBeInTheDocument();

    // The next question continues the conversation.
    fireEvent.change(box, { target: { value: 'And contacts?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/assistant/ask')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/assistant/ask')[1]!.body).toEqual({ question: 'And contacts?', conversationId: 12 });
  });

  it('renders paragraphs and lists as text, never as HTML', async () => {
    assistantApi(assistantStatus({ aiAvailable: true, unavailableReason: null }), {
      'POST /api/assistant/ask': () =>
        streamOf([
          { type: 'start', conversationId: null, byModel: true },
          { type: 'delta', text: 'Three things:\n\n- merge <b>Acme</b>\n- fill **emails**\n\n1. first\n2. second' },
          { type: 'done', message: assistantMessage({ content: 'Three things:\n\n- merge <b>Acme</b>\n- fill **emails**\n\n1. first\n2. second', byModel: true }) },
        ]),
    });
    renderApp('/ai');
    fireEvent.change(await screen.findByLabelText('Ask your own question'), { target: { value: 'What now?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await within(answer).findByText('Three things:');
    const [bullets, numbered] = within(answer).getAllByRole('list');
    expect(within(bullets!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['merge <b>Acme</b>', 'fill emails']);
    expect(within(bullets!).getByText('emails').tagName).toBe('STRONG');
    expect(answer.querySelector('b')).toBeNull();
    expect(numbered!.tagName).toBe('OL');
  });

  it('shows an error in words with a Retry that asks again', async () => {
    let attempts = 0;
    const api = assistantApi(assistantStatus({ aiAvailable: true, unavailableReason: null }), {
      'POST /api/assistant/ask': () => {
        attempts += 1;
        return attempts === 1
          ? streamOf([
              { type: 'start', conversationId: 5, byModel: true },
              { type: 'error', message: 'Your OpenAI account has run out of quota. Check your plan and billing at platform.openai.com.', code: 'AI_QUOTA' },
            ])
          : streamOf([
              { type: 'start', conversationId: 5, byModel: true },
              { type: 'done', message: assistantMessage({ content: 'All good now.', byModel: true, promptTokens: 10, completionTokens: 5 }) },
            ]);
      },
    });
    renderApp('/ai');
    fireEvent.change(await screen.findByLabelText('Ask your own question'), { target: { value: 'How are my deals?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your OpenAI account has run out of quota.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('All good now.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The same question again, in the conversation the server had started.
    expect(api.callsTo('POST', '/api/assistant/ask')[1]!.body).toEqual({ question: 'How are my deals?', conversationId: 5 });
  });

  it('shows a refusal before the stream in the server\'s words', async () => {
    assistantApi(assistantStatus({ aiAvailable: true, unavailableReason: null }), {
      'POST /api/assistant/ask': () => json({ message: 'Too many questions in a short time. Try again in a minute.', code: 'RATE_LIMITED' }, 429),
    });
    renderApp('/ai');
    fireEvent.change(await screen.findByLabelText('Ask your own question'), { target: { value: 'Anything?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many questions in a short time. Try again in a minute.');
  });

  it('stops an answer on Stop, keeping what arrived', async () => {
    let stream: ReturnType<typeof eventStream> | undefined;
    assistantApi(assistantStatus({ aiAvailable: true, unavailableReason: null }), {
      'POST /api/assistant/ask': ({ init }) => {
        stream = eventStream(init?.signal);
        return stream.response;
      },
    });
    renderApp('/ai');
    fireEvent.change(await screen.findByLabelText('Ask your own question'), { target: { value: 'Go on' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(stream).toBeDefined());
    act(() => stream!.send({ type: 'delta', text: 'Half an answer' }));
    await screen.findByText('Half an answer');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped before the answer was finished.')).toBeInTheDocument();
    expect(screen.getByText('Half an answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask again' })).toBeInTheDocument();
  });
});

describe('conversation history', () => {
  const past: Conversation = {
    id: 5,
    title: 'Duplicates in companies',
    promptTokens: 900,
    completionTokens: 100,
    messageCount: 2,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:05:00.000Z',
    messages: [
      { ...assistantMessage({ id: 1, content: 'Which companies have duplicates?' }), role: 'user' },
      assistantMessage({ id: 2, content: 'Acme has twelve.', byModel: true, promptTokens: 900, completionTokens: 100 }),
    ],
  };
  const { messages: _messages, ...summary } = past;

  it('lists past conversations, opens one, and clears them all only after the confirmation', async () => {
    let conversations = [summary];
    const api = assistantApi(assistantStatus({ aiAvailable: true, unavailableReason: null }), {
      'GET /api/assistant/conversations': () => json({ conversations }),
      'GET /api/assistant/conversations/5': () => json(past),
      'DELETE /api/assistant/conversations': () => ((conversations = []), new Response(null, { status: 204 })),
    });
    renderApp('/ai');
    const list = await screen.findByRole('list', { name: 'Past conversations' });
    const item = within(list).getByRole('button', { name: /^Duplicates in companies/ });
    expect(item).toHaveTextContent(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(summary.updatedAt)));
    expect(item).toHaveTextContent(`2 messages · ${locale(1000)} tokens`);

    fireEvent.click(item);
    expect(await screen.findByText('Acme has twelve.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Duplicates in companies' })).toBeInTheDocument();
    expect(screen.getByText(`${locale(1000)} tokens in this conversation`)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /^Duplicates in companies/ })).toHaveAttribute('aria-current', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Clear your conversation history?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/assistant/conversations')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/assistant/conversations')).toHaveLength(1));
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
    // The open conversation went with them.
    expect(screen.queryByText('Acme has twelve.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Suggested questions' })).toBeInTheDocument();
  });

  it('starts a new conversation from the button', async () => {
    const api = assistantApi(assistantStatus(), {
      'GET /api/assistant/conversations': () => json({ conversations: [summary] }),
      'GET /api/assistant/conversations/5': () => json(past),
      'POST /api/assistant/ask': () => streamOf([{ type: 'start', conversationId: 6, byModel: false }, { type: 'done', message: assistantMessage({ content: 'Fresh.' }) }]),
    });
    renderApp('/ai');
    fireEvent.click(await within(await screen.findByRole('list', { name: 'Past conversations' })).findByRole('button', { name: /^Duplicates in companies/ }));
    await screen.findByText('Acme has twelve.');
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByText('Acme has twelve.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /How healthy is my data\?/ }));
    await screen.findByText('Fresh.');
    expect(api.callsTo('POST', '/api/assistant/ask')[0]!.body).toEqual({ starterId: 'health-overview' });
  });
});

describe('/demo/assistant', () => {
  // The request layer reads the browser's own path (a memory router leaves it at /), as it does in the app.
  beforeEach(() => window.history.replaceState(null, '', '/demo/assistant'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('calls the demo API, says no history is kept, and answers a starter', async () => {
    const demoBlock = duplicateGroupsBlock({ rows: [{ company: { label: 'Initech', href: '/demo/duplicates/7' }, records: 4, confidence: 90, found: null }] });
    const api = fakeApi({
      'GET /api/demo/assistant/status': () => json(assistantStatus({ historyKept: false, unavailableReason: 'The demo has no model connected.' })),
      'GET /api/demo/hubspot/recommendations': () => json(noRecommendations),
      'POST /api/demo/assistant/ask': () =>
        streamOf([
          { type: 'start', conversationId: null, byModel: false },
          { type: 'block', block: demoBlock },
          { type: 'done', message: assistantMessage({ content: 'From the demo portal.', blocks: [demoBlock], citations: [{ kind: 'group', label: 'Initech', href: '/demo/duplicates/7' }] }) },
        ]),
    });
    renderApp('/demo/assistant');
    expect(await screen.findByText(/The demo keeps no history/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear history' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Which companies have the most duplicates\?/ }));
    await screen.findByText('From the demo portal.');
    expect(api.callsTo('POST', '/api/demo/assistant/ask')).toHaveLength(1);
    expect(api.calls.some((call) => call.url.startsWith('/api/assistant/'))).toBe(false);
    expect(api.calls.some((call) => call.url.includes('/conversations'))).toBe(false);
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'Initech' })).toHaveAttribute('href', '/demo/duplicates/7');
    expect(within(screen.getByRole('navigation', { name: 'Sources of this answer' })).getByRole('link', { name: /Initech/ })).toHaveAttribute('href', '/demo/duplicates/7');
    expect(screen.getByRole('link', { name: 'Open Settings, AI' })).toHaveAttribute('href', '/demo/settings#ai');
  });

  it('is the same page at /demo/ai', async () => {
    fakeApi({
      'GET /api/demo/assistant/status': () => json(assistantStatus({ historyKept: false })),
      'GET /api/demo/hubspot/recommendations': () => json(noRecommendations),
    });
    renderApp('/demo/ai');
    expect(await screen.findByRole('heading', { name: 'AI Assistant', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Recommendations' })).toBeInTheDocument();
  });
});
