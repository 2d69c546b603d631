import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiSandbox, type OpenAiSandbox } from '../../../../tools/openai-sandbox/sandbox';
import { askEventSchema, type AskEvent } from '../../../shared/contracts/assistant';
import type { DuplicateGroupPage } from '../../../shared/contracts/results';
import { aiConversations, aiMessages } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/test-app';

let ai: OpenAiSandbox;
let ctx: TestApp;

// The server's own key for the demo: visitors ask the model without one of theirs.
beforeAll(async () => {
  ai = await startOpenAiSandbox();
  ctx = await startTestApp({ work: false, env: { AI_API_BASE: ai.baseURL, DEMO_OPENAI_API_KEY: ai.apiKey } });
}, 120_000);
afterAll(async () => {
  await ctx?.stop();
  await ai?.close();
});

describe('the demo assistant with the server\'s demo key', () => {
  it('answers a free question with the model over the demo portal, links into /demo and stores nothing', async () => {
    const status = (await ctx.app.inject({ method: 'GET', url: '/api/demo/assistant/status' })).json();
    expect(status).toMatchObject({ aiAvailable: true, model: 'gpt-4o', historyKept: false });
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/demo/duplicates?objectType=companies&pageSize=1' })).json() as DuplicateGroupPage;
    const group = page.groups[0]!;
    ai.script([{ toolCalls: [{ name: 'duplicate_group', arguments: { id: group.id } }] }, { text: `Group #${group.id} matched on ${group.matchKey}.` }]);

    const response = await ctx.app.inject({ method: 'POST', url: '/api/demo/assistant/ask', payload: { question: 'Why is this a duplicate group?' } });
    expect(response.statusCode, response.body).toBe(200);
    const events: AskEvent[] = response.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => askEventSchema.parse(JSON.parse(chunk.slice(6))));
    expect(events[0]).toEqual({ type: 'start', conversationId: null, byModel: true });
    expect(events.filter((e) => e.type === 'tool')).toEqual([{ type: 'tool', name: 'duplicate_group', label: `Reading duplicate group #${group.id}` }]);
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error(JSON.stringify(done));
    expect(done.message).toMatchObject({ id: 0, byModel: true, content: `Group #${group.id} matched on ${group.matchKey}.` });
    expect(done.message.citations[0]).toEqual({ kind: 'group', label: expect.any(String), href: `/demo/duplicates?objectType=companies&group=${group.id}` });
    expect(done.message.citations.every((c) => c.href.startsWith('/demo/'))).toBe(true);
    expect(ai.chatRequests()).toHaveLength(2);
    expect(ai.requests.every((r) => r.apiKey === ai.apiKey)).toBe(true);
    expect(await ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(aiConversations)).toEqual([{ count: 0 }]);
    expect(await ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(aiMessages)).toEqual([{ count: 0 }]);
  });
});
