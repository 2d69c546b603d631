import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_TOOLS, askEventSchema, type AskEvent, type AssistantStatus, type Conversation, type ConversationSummary, type DataBlock } from '../../../shared/contracts/assistant';
import type { HealthResults } from '../../../shared/contracts/results';
import { aiConversations, aiMessages, crmConnections, crmRecords, crmValueLabels, duplicateGroups, scanHistory, scanRuns, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { databaseText } from '../../test/database-text';
import { useAiTestApp, type AiTestApp } from '../../test/ai-test-app';

let ai: AiTestApp['ai'];
let ctx: AiTestApp['ctx'];
let log: AiTestApp['log'];
let n = 0;
/** Every body the app answered in this file, to look for a key in. */
const answered: string[] = [];
const app = useAiTestApp();
beforeAll(() => ({ ai, ctx, log } = app));

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function call(method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie?: string, payload?: object) {
  const response = await ctx.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  answered.push(response.body);
  return response;
}

/** The events of an answer, each checked against the contract. */
async function ask(cookie: string | undefined, body: object, url = '/api/assistant/ask'): Promise<AskEvent[]> {
  const response = await call('POST', url, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  return response.body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => askEventSchema.parse(JSON.parse(chunk.slice('data: '.length))));
}

const only = <T extends AskEvent['type']>(events: AskEvent[], type: T) => events.filter((e): e is Extract<AskEvent, { type: T }> => e.type === type);
const done = (events: AskEvent[]) => {
  const last = events.at(-1)!;
  if (last.type !== 'done') throw new Error(`The answer ended with ${JSON.stringify(last)}`);
  return last.message;
};

interface Seeded {
  cookie: string;
  userId: number;
  groups: { acme: number; globex: number; initech: number; dismissed: number };
}

/** A user with three contacts scans (the score falling), a companies scan, company duplicate groups and contacts in the mirror. */
async function seed(): Promise<Seeded> {
  const email = `assistant${(n += 1)}@example.com`;
  const cookie = await activeUser(ctx, email);
  const db = ctx.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = user!.id;
  const [run] = await db.insert(scanRuns).values({ userId, status: 'completed', objectTypes: ['contacts', 'companies'] }).returning();
  const scan = (objectType: string, timestamp: Date, healthScore: number, completenessScore: number) =>
    db
      .insert(scanHistory)
      .values({ userId, runId: run!.id, objectType, status: 'completed', timestamp, totalRecords: 1204, duplicateRecords: 31, healthScore, completenessScore, duplicateScore: 88.2, freshnessScore: 61.5, updateFrequencyScore: 40 })
      .returning()
      .then(([row]) => row!);
  await scan('contacts', daysAgo(45), 80.1, 77.3);
  await scan('contacts', daysAgo(10), 76.2, 70);
  await scan('contacts', daysAgo(1), 70.4, 61.9);
  const companies = await scan('companies', daysAgo(1), 65.3, 58);
  const group = async (name: string, size: number, confidence: number, status = 'pending') => {
    const [row] = await db
      .insert(duplicateGroups)
      .values({
        userId,
        objectType: 'companies',
        scanId: companies.id,
        matchKey: 'name+domain',
        confidence,
        status,
        primaryRecordId: `${name}-1`,
        records: Array.from({ length: size }, (_, i) => ({ id: `${name}-${i + 1}`, isPrimary: i === 0, properties: { name: i === 0 ? `${name} Corp` : `${name} Corporation`, domain: `${name.toLowerCase()}.example` }, updatedAt: null })),
        explanations: [
          {
            a: `${name}-1`,
            b: `${name}-2`,
            weight: 14.2,
            probability: confidence,
            priorWeight: -6,
            fields: [{ field: 'domain', label: 'Domain', level: 'exact match', exact: true, weight: 11.3, valueA: `${name.toLowerCase()}.example`, valueB: `${name.toLowerCase()}.example` }],
          },
        ],
      })
      .returning({ id: duplicateGroups.id });
    return row!.id;
  };
  const groups = { acme: await group('Acme', 4, 0.9), globex: await group('Globex', 2, 0.99), initech: await group('Initech', 3, 0.85), dismissed: await group('Umbrella', 6, 0.97, 'dismissed') };

  const [connection] = await db.insert(crmConnections).values({ userId, hubId: `hub-${userId}` }).returning();
  const yearStart = Date.UTC(new Date().getUTCFullYear(), 0, 1);
  const thisYear = new Date(Math.min(Date.now(), yearStart + 3_600_000));
  const lastYear = new Date(yearStart - 30 * DAY_MS);
  const contacts = [
    ...['Ann', 'Bob', 'Cy'].map((firstname) => ({ firstname, email: null, createdAt: thisYear })),
    { firstname: 'Dee', email: '  ', createdAt: thisYear },
    ...['Eve', 'Fay'].map((firstname) => ({ firstname, email: `${firstname.toLowerCase()}@example.com`, createdAt: thisYear })),
    ...['Gus', 'Hal'].map((firstname) => ({ firstname, email: null, createdAt: lastYear })),
  ];
  await db.insert(crmRecords).values(
    contacts.map((c, i) => ({
      connectionId: connection!.id,
      userId,
      objectType: 'contacts',
      hubspotId: `c${i}`,
      properties: { firstname: c.firstname, lastname: 'Tester', email: c.email, phone: '+1 415 555 0100' },
      hubspotCreatedAt: c.createdAt,
      hubspotUpdatedAt: c.createdAt,
    })),
  );
  return { cookie, userId, groups };
}

/** AI on, with a key held for this session only (never stored): unlike any other string, so finding it anywhere is a leak. */
async function withModel(cookie: string, changes: object = {}): Promise<string> {
  const key = `sk-proj-assistantleak${Date.now().toString(36)}${(n += 1)}QQ`;
  ai.addKey(key);
  const saved = await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: key, aiAssistEnabled: true, ...changes });
  expect(saved.statusCode, saved.body).toBe(200);
  return key;
}

const blockOf = (events: AskEvent[], tool: DataBlock['tool']) => only(events, 'block').find((e) => e.block.tool === tool)!.block;

describe('the assistant with a model', () => {
  it('calls the right tool, streams the answer, passes the figures through unchanged and cites the groups it names', async () => {
    const { cookie, groups } = await seed();
    await withModel(cookie);
    expect((await call('GET', '/api/assistant/status', cookie)).json()).toMatchObject({ aiAvailable: true, unavailableReason: null, model: 'gpt-4o', historyKept: true });
    ai.script([
      { toolCalls: [{ name: 'duplicate_groups', arguments: { objectType: 'companies', sort: 'size' } }], expectTools: [...ASSISTANT_TOOLS] },
      { text: `Acme Corp (#${groups.acme}) has the most duplicates: 4 records in one group. Next is Initech Corp with 3.`, expectTools: [...ASSISTANT_TOOLS] },
    ]);
    const events = await ask(cookie, { question: 'Which companies have the most duplicates?' });

    expect(events[0]).toMatchObject({ type: 'start', byModel: true, conversationId: expect.any(Number) });
    expect(only(events, 'tool')).toEqual([{ type: 'tool', name: 'duplicate_groups', label: 'Looking up duplicate groups of companies' }]);
    const block = blockOf(events, 'duplicate_groups');
    expect(block.rows.map((r) => [r.group, r.records, r.confidence])).toEqual([
      [{ label: `Acme Corp (#${groups.acme})`, href: `/duplicates?objectType=companies&group=${groups.acme}` }, 4, 90],
      [{ label: `Initech Corp (#${groups.initech})`, href: `/duplicates?objectType=companies&group=${groups.initech}` }, 3, 85],
      [{ label: `Globex Corp (#${groups.globex})`, href: `/duplicates?objectType=companies&group=${groups.globex}` }, 2, 99],
    ]);
    expect(block.caption).toBe('3 of 3 pending groups shown; 9 records in all of them.');

    // The model was given the same figures the table shows, and offered the six tools.
    const [first, second] = ai.chatRequests();
    expect(first!.stream).toBe(true);
    expect(first!.stream_options).toEqual({ include_usage: true });
    const toolMessage = second!.messages!.at(-1)!;
    expect(toolMessage.role).toBe('tool');
    const given = JSON.parse(toolMessage.content as string) as { totalGroups: number; recordsInGroups: number; groups: { id: number; name: string; records: number; confidencePercent: number }[] };
    expect(given).toMatchObject({ totalGroups: 3, recordsInGroups: 9 });
    expect(given.groups.map((g) => [g.id, g.name, g.records, g.confidencePercent])).toEqual(block.rows.map((r) => [Number(/#(\d+)/.exec((r.group as { label: string }).label)![1]), (r.group as { label: string }).label.replace(/ \(#\d+\)$/, ''), r.records, r.confidence]));

    const message = done(events);
    const deltas = only(events, 'delta').map((e) => e.text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(message.content);
    expect(message.content).toBe(`Acme Corp (#${groups.acme}) has the most duplicates: 4 records in one group. Next is Initech Corp with 3.`);
    expect(message).toMatchObject({ role: 'assistant', byModel: true, blocks: [block] });
    const hrefs = message.citations.map((c) => c.href);
    expect(hrefs).toEqual([`/duplicates?objectType=companies&group=${groups.acme}`, `/duplicates?objectType=companies&group=${groups.initech}`, '/duplicates?objectType=companies']);
    expect(hrefs.join()).not.toContain(String(groups.dismissed));
    expect(message.promptTokens).toBeGreaterThan(0);
    expect(message.completionTokens).toBeGreaterThan(0);
  });

  it('keeps the conversation with the tokens it used, lists, reads, deletes and clears it; another user gets 404', async () => {
    const { cookie } = await seed();
    await withModel(cookie);
    ai.script([{ toolCalls: [{ name: 'health_summary', arguments: { objectType: 'contacts' } }] }, { text: 'Your contacts score fell from 80.1 to 70.4, mostly through completeness.' }]);
    const firstAnswer = await ask(cookie, { question: 'Why is my contacts score lower than last month?' });
    const conversationId = (firstAnswer[0] as Extract<AskEvent, { type: 'start' }>).conversationId!;
    const components = blockOf(firstAnswer, 'health_summary');
    expect(components.rows[0]).toEqual({ component: 'Health score', latest: 70.4, previous: 76.2, monthAgo: 80.1, changeSincePrevious: -5.8, changeSinceMonthAgo: -9.7 });
    // A follow-up continues it, and the model reads what came before.
    ai.script([{ text: 'Completeness fell the most.' }]);
    const followUp = await ask(cookie, { question: 'Which part fell the most?', conversationId });
    expect(followUp[0]).toMatchObject({ type: 'start', conversationId });
    expect(ai.chatRequests().at(-1)!.messages!.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);

    const list = (await call('GET', '/api/assistant/conversations', cookie)).json() as { conversations: ConversationSummary[] };
    expect(list.conversations).toHaveLength(1);
    const read = (await call('GET', `/api/assistant/conversations/${conversationId}`, cookie)).json() as Conversation;
    expect(read.title).toBe('Why is my contacts score lower than last month?');
    expect(read.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Why is my contacts score lower than last month?'],
      ['assistant', 'Your contacts score fell from 80.1 to 70.4, mostly through completeness.'],
      ['user', 'Which part fell the most?'],
      ['assistant', 'Completeness fell the most.'],
    ]);
    expect(read.messages[1]!.blocks).toEqual(only(firstAnswer, 'block').map((e) => e.block));
    const sum = (key: 'promptTokens' | 'completionTokens') => read.messages.reduce((total, m) => total + m[key], 0);
    expect(read.promptTokens).toBeGreaterThan(0);
    expect([read.promptTokens, read.completionTokens]).toEqual([sum('promptTokens'), sum('completionTokens')]);
    expect(list.conversations[0]).toMatchObject({ id: conversationId, promptTokens: read.promptTokens, completionTokens: read.completionTokens, messageCount: 4 });

    const stranger = (await seed()).cookie;
    expect((await call('GET', `/api/assistant/conversations/${conversationId}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/assistant/conversations/${conversationId}`, stranger)).statusCode).toBe(404);
    const intrude = await call('POST', '/api/assistant/ask', stranger, { starterId: 'health-overview', conversationId });
    expect(intrude.statusCode).toBe(404);
    expect(intrude.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('DELETE', '/api/assistant/conversations', stranger)).json()).toEqual({ deleted: 0 });
    expect((await call('GET', `/api/assistant/conversations/${conversationId}`, cookie)).statusCode).toBe(200);

    await ask(cookie, { starterId: 'what-to-fix-first' });
    expect(((await call('GET', '/api/assistant/conversations', cookie)).json() as { conversations: unknown[] }).conversations).toHaveLength(2);
    expect((await call('DELETE', `/api/assistant/conversations/${conversationId}`, cookie)).json()).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/assistant/conversations/${conversationId}`, cookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/assistant/conversations', cookie)).json()).toEqual({ deleted: 1 });
    expect(((await call('GET', '/api/assistant/conversations', cookie)).json() as { conversations: unknown[] }).conversations).toEqual([]);
  });

  it('says in words what went wrong with the key, the model or the quota, and keeps the question', async () => {
    const { cookie } = await seed();
    await withModel(cookie);
    const failing = async (question: string) => {
      const events = await ask(cookie, { question });
      expect(events[0]).toMatchObject({ type: 'start', byModel: true });
      const last = events.at(-1)!;
      if (last.type !== 'error') throw new Error(`Expected an error, got ${JSON.stringify(last)}`);
      const { conversations } = (await call('GET', '/api/assistant/conversations', cookie)).json() as { conversations: ConversationSummary[] };
      const stored = (await call('GET', `/api/assistant/conversations/${conversations[0]!.id}`, cookie)).json() as Conversation;
      expect(stored.messages.map((m) => m.content)).toEqual([question]);
      return last;
    };

    ai.fail({ kind: 'insufficient_quota' });
    expect(await failing('Quota?')).toMatchObject({ code: 'AI_QUOTA_EXCEEDED', message: expect.stringContaining('quota is used up') });
    ai.clearFaults();

    await call('PUT', '/api/settings/ai', cookie, { preferredModel: 'gpt-5-secret' });
    expect(await failing('Model?')).toEqual({ type: 'error', code: 'AI_MODEL_UNAVAILABLE', message: 'Your key has no access to the model gpt-5-secret. Choose another model in Settings > AI.' });
    await call('PUT', '/api/settings/ai', cookie, { preferredModel: 'gpt-4o' });

    await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: 'sk-proj-not-a-key-the-server-knows' });
    const invalid = await failing('Key?');
    expect(invalid).toMatchObject({ code: 'AI_KEY_INVALID', message: expect.stringContaining('did not accept your OpenAI API key') });
    expect(JSON.stringify(invalid)).not.toContain('sk-');
  });

  it('tells the model what was wrong with a call, and stops after five calls with the figures it has', async () => {
    const { cookie } = await seed();
    await withModel(cookie);
    const again = { toolCalls: [{ name: 'matching_settings', arguments: {} }] };
    ai.script([{ toolCalls: [{ name: 'quality_records', arguments: { objectType: 'contacts', missingProperty: "email'; drop table users" } }, { name: 'no_such_tool', arguments: {} }] }, again, again, again, again]);
    const events = await ask(cookie, { question: 'Keep going' });
    const requests = ai.chatRequests();
    expect(requests).toHaveLength(5);
    const answers = requests[1]!.messages!.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content as string) as { error: string });
    expect(answers[0]!.error).toMatch(/^Invalid arguments: missingProperty: /);
    expect(answers[1]!.error).toBe('There is no tool named no_such_tool.');
    expect((requests[4] as { tool_choice?: string }).tool_choice).toBe('none');
    expect(only(events, 'tool').map((e) => e.name)).toEqual(['matching_settings', 'matching_settings', 'matching_settings']);
    // The model never wrote words: the tools' own summary stands in, streamed like any answer.
    const message = done(events);
    expect(message.content).toMatch(/^Duplicate detection sensitivity is medium/);
    expect(only(events, 'delta').map((e) => e.text).join('')).toBe(message.content);
  });

  it('never lets the key out: not in a response, a log line or the database when it is not remembered', async () => {
    const { cookie } = await seed();
    const key = await withModel(cookie);
    ai.script([{ toolCalls: [{ name: 'quality_records', arguments: { objectType: 'contacts', missingProperty: 'email', createdFrom: '2000-01-01' } }] }, { text: 'Six contacts have no email.' }]);
    await ask(cookie, { question: 'Contacts without email?' });
    await ask(cookie, { starterId: 'health-overview' });
    ai.fail({ kind: 'server_error' });
    await ask(cookie, { question: 'Fail, please' });
    expect(ai.requests.every((r) => r.apiKey === key)).toBe(true);
    await call('GET', '/api/assistant/status', cookie);
    await call('GET', '/api/assistant/conversations', cookie);
    await call('GET', '/api/account/export', cookie);

    expect(answered.filter((body) => body.includes(key))).toEqual([]);
    expect(log.text()).not.toContain(key);
    expect(log.text()).not.toContain('assistantleak');
    expect(await databaseText(ctx.database.db)).not.toContain(key);
  });
});

describe("the assistant's record tools give the model the portal's names, not its ids", () => {
  /** A deals group and a deal whose owner, pipeline and stage the portal names. */
  async function seedDeals() {
    const seeded = await seed();
    const db = ctx.database.db;
    const [connection] = await db.select({ id: crmConnections.id }).from(crmConnections).where(eq(crmConnections.userId, seeded.userId));
    const connectionId = connection!.id;
    const [scan] = await db.select({ id: scanHistory.id }).from(scanHistory).where(eq(scanHistory.userId, seeded.userId)).limit(1);
    await db.insert(crmValueLabels).values([
      { connectionId, objectType: '*', property: 'hubspot_owner_id', value: '30000003', label: 'Kenji Sato' },
      { connectionId, objectType: 'deals', property: 'dealstage', value: 'appointmentscheduled', label: 'Demo booked' },
      { connectionId, objectType: 'deals', property: 'pipeline', value: 'default', label: 'Sales Pipeline' },
    ]);
    // Both deals hold the same value: the engine's field, as a stored explanation names it.
    const same = (field: string, label: string, weight: number, value: string) => ({ field, label, level: 'exact match', exact: true, weight, valueA: value, valueB: value });
    const deal = { dealname: 'Great Lakes renewal', dealstage: 'appointmentscheduled', pipeline: 'default', hubspot_owner_id: '30000003', amount: '1200' };
    const [group] = await db
      .insert(duplicateGroups)
      .values({
        userId: seeded.userId,
        objectType: 'deals',
        scanId: scan!.id,
        matchKey: 'Same Deal name + Deal stage + Owner',
        confidence: 0.97,
        primaryRecordId: 'd-1',
        records: ['d-1', 'd-2'].map((id, i) => ({ id, isPrimary: i === 0, properties: deal, updatedAt: null })),
        explanations: [{ a: 'd-1', b: 'd-2', weight: 12, probability: 0.97, priorWeight: -6, fields: [same('stage', 'Deal stage', 2.5, 'appointmentscheduled'), same('owner', 'Owner', 1.5, '30000003')] }],
      })
      .returning({ id: duplicateGroups.id });
    await db.insert(crmRecords).values({ connectionId, userId: seeded.userId, objectType: 'deals', hubspotId: 'd-1', properties: deal, hubspotCreatedAt: daysAgo(3), hubspotUpdatedAt: daysAgo(3) });
    return { ...seeded, groupId: group!.id };
  }

  /** What the model was given for the tool call of the last answer, as the stand-in received it. */
  const lastToolResult = () => {
    const tool = ai.chatRequests().at(-1)!.messages!.filter((m) => m.role === 'tool').at(-1)!;
    return tool.content as string;
  };

  it('duplicate_group: stages and owners by name in the evidence and the records, in the table too', async () => {
    const { cookie, groupId } = await seedDeals();
    await withModel(cookie);
    ai.script([{ toolCalls: [{ name: 'duplicate_group', arguments: { id: groupId } }] }, { text: 'Both deals are at Demo booked, owned by Kenji Sato.' }]);
    const events = await ask(cookie, { question: 'Why do these deals match?' });
    const content = lastToolResult();
    const given = JSON.parse(content) as { evidence: { field: string; valueA: string; valueB: string }[]; records: { id: string; properties: Record<string, string> }[] };
    expect(given.evidence.map((e) => [e.field, e.valueA, e.valueB])).toEqual([
      ['Deal stage', 'Demo booked', 'Demo booked'],
      ['Owner', 'Kenji Sato', 'Kenji Sato'],
    ]);
    expect(given.records[0]!.properties).toMatchObject({ 'Deal Name': 'Great Lakes renewal', 'Deal Stage': 'Demo booked', Pipeline: 'Sales Pipeline', Owner: 'Kenji Sato' });
    expect(content).not.toContain('appointmentscheduled');
    expect(content).not.toContain('30000003');
    const block = blockOf(events, 'duplicate_group');
    expect(block.rows.map((r) => r.valueA)).toEqual(['Demo booked', 'Kenji Sato']);
  });

  it('quality_records: a sample deal by its stage name', async () => {
    const { cookie } = await seedDeals();
    await withModel(cookie);
    ai.script([{ toolCalls: [{ name: 'quality_records', arguments: { objectType: 'deals', limit: 5 } }] }, { text: 'One deal, at Demo booked.' }]);
    const events = await ask(cookie, { question: 'Show me my deals' });
    const content = lastToolResult();
    const given = JSON.parse(content) as { sample: Record<string, string>[] };
    expect(given.sample).toHaveLength(1);
    expect(given.sample[0]).toMatchObject({ id: 'd-1', dealname: 'Great Lakes renewal', dealstage: 'Demo booked' });
    expect(content).not.toContain('appointmentscheduled');
    expect(blockOf(events, 'quality_records').rows[0]).toMatchObject({ dealstage: 'Demo booked' });
  });
});

describe('the assistant without a model', () => {
  it('answers a starter from the seeded data with the figures the results API reports, and stores it', async () => {
    const { cookie } = await seed();
    const status = (await call('GET', '/api/assistant/status', cookie)).json() as AssistantStatus;
    expect(status).toMatchObject({ aiAvailable: false, unavailableReason: 'AI assistance is turned off. Turn it on in Settings > AI.', historyKept: true, recordCap: 20 });
    expect(status.starters.map((s) => s.id)).toEqual(['health-overview', 'companies-most-duplicates', 'contacts-score-change', 'contacts-missing-email-this-year', 'what-to-fix-first']);

    const events = await ask(cookie, { starterId: 'health-overview' });
    expect(events.map((e) => e.type)).toEqual(['start', 'tool', 'block', 'delta', 'done']);
    expect(events[0]).toMatchObject({ byModel: false });
    const results = (await call('GET', '/api/hubspot/results', cookie)).json() as HealthResults;
    const block = blockOf(events, 'health_summary');
    expect(block.rows.map((r) => [r.objectType, r.healthScore, r.completenessScore, r.duplicateScore, r.freshnessScore, r.updateFrequencyScore, r.totalRecords])).toEqual(
      results.objects.map((o) => [o.objectType === 'contacts' ? 'Contacts' : 'Companies', o.healthScore, o.completenessScore, o.duplicateScore, o.freshnessScore, o.updateFrequencyScore, o.totalRecords]),
    );
    expect(block.rows[0]).toMatchObject({ changeSincePreviousScan: -5.8, changeSince30DaysAgo: -9.7 });
    const message = done(events);
    expect(message).toMatchObject({ byModel: false, promptTokens: 0, completionTokens: 0 });
    expect(message.content).toContain(`Overall health is ${results.overallHealthScore}`);
    expect(message.content).toContain('Contacts score 70.4, down 5.8 points since the previous scan, down 9.7 points since about 30 days ago.');
    expect(message.citations.map((c) => c.href)).toEqual(['/dashboard', '/reports']);
    expect(ai.requests).toEqual([]);

    const missing = await ask(cookie, { starterId: 'contacts-missing-email-this-year' });
    const records = blockOf(missing, 'quality_records');
    expect(records.caption).toBe('4 of 8 contacts; the newest 4 shown.');
    expect(records.rows.map((r) => (r.record as { label: string }).label).sort()).toEqual(['Ann Tester', 'Bob Tester', 'Cy Tester', 'Dee Tester']);
    expect(Object.keys(records.rows[0]!)).toEqual(['record', ...records.columns.slice(1).map((c) => c.key)]);
    expect(done(missing).citations.filter((c) => c.kind === 'record')).toHaveLength(4);

    const { conversations } = (await call('GET', '/api/assistant/conversations', cookie)).json() as { conversations: ConversationSummary[] };
    expect(conversations.map((c) => [c.title, c.messageCount, c.promptTokens])).toEqual([
      ['Show contacts missing an email created this year', 2, 0],
      ['How healthy is my CRM data?', 2, 0],
    ]);
  });

  it('refuses a free question with the reason in words (409), and bad input with 400, before any stream', async () => {
    const { cookie } = await seed();
    const free = await call('POST', '/api/assistant/ask', cookie, { question: 'Which companies have the most duplicates?' });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({ code: 'AI_DISABLED', message: 'AI assistance is turned off. Turn it on in Settings > AI.' });
    await call('PUT', '/api/settings/ai', cookie, { aiAssistEnabled: true });
    expect((await call('POST', '/api/assistant/ask', cookie, { question: 'Anything?' })).json()).toMatchObject({ code: 'AI_NO_KEY' });
    for (const body of [{}, { question: 'a', starterId: 'health-overview' }, { starterId: 'nope' }, { question: ' ' }, { question: 'x'.repeat(1001) }, { starterId: 'health-overview', conversationId: 2 ** 31 }]) {
      const response = await call('POST', '/api/assistant/ask', cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await call('POST', '/api/assistant/ask', undefined, { starterId: 'health-overview' })).statusCode).toBe(401);
    expect((await call('GET', '/api/assistant/conversations/abc', cookie)).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(aiMessages).innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId)).where(eq(aiConversations.title, 'Anything?'))).toEqual([]);
  });
});

describe('the demo assistant', () => {
  it('answers starters from the demo portal without a key and stores nothing', async () => {
    const before = await ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(aiMessages);
    const status = (await call('GET', '/api/demo/assistant/status')).json() as AssistantStatus;
    expect(status).toMatchObject({ aiAvailable: false, historyKept: false, model: null });
    expect(status.unavailableReason).toContain('Settings > AI');

    const events = await ask(undefined, { starterId: 'companies-most-duplicates' }, '/api/demo/assistant/ask');
    expect(events[0]).toEqual({ type: 'start', conversationId: null, byModel: false });
    const block = blockOf(events, 'duplicate_groups');
    expect(block.rows.length).toBeGreaterThan(0);
    const message = done(events);
    expect(message.id).toBe(0);
    expect(message.citations.length).toBeGreaterThan(0);
    expect(message.citations.every((c) => c.href.startsWith('/demo/'))).toBe(true);

    const free = await call('POST', '/api/demo/assistant/ask', undefined, { question: 'Anything?' });
    expect(free.statusCode).toBe(409);
    expect((await call('GET', '/api/demo/assistant/conversations')).json()).toEqual({ conversations: [] });
    expect((await call('GET', '/api/demo/assistant/conversations/1')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/demo/assistant/conversations')).json()).toMatchObject({ code: 'DEMO_READ_ONLY' });
    expect(await ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(aiMessages)).toEqual(before);
  });
});
