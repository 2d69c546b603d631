import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiSandbox, type OpenAiSandbox } from './sandbox';

let ai: OpenAiSandbox;
beforeAll(async () => {
  ai = await startOpenAiSandbox();
});
afterAll(async () => ai.close());
beforeEach(() => ai.reset());

const client = (apiKey = ai.apiKey) => new OpenAI({ apiKey, baseURL: ai.baseURL, maxRetries: 0 });
const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'health_summary', description: 'Health scores', parameters: { type: 'object', properties: {} } } },
  { type: 'function', function: { name: 'duplicate_groups', description: 'Duplicate groups', parameters: { type: 'object', properties: { objectType: { type: 'string' } } } } },
];

describe('the OpenAI sandbox, driven by the official SDK', () => {
  it('lists models as a list object', async () => {
    const ids: string[] = [];
    for await (const model of client().models.list()) ids.push(model.id);
    expect(ids).toContain('gpt-4o');
    expect(ai.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models', apiKey: ai.apiKey, status: 200 });
  });

  it("answers a wrong key, an unknown model and faults with OpenAI's error bodies", async () => {
    await expect(client('sk-wrong-key-123456789').models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
    await expect(client().chat.completions.create({ model: 'gpt-9', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    ai.fail({ kind: 'insufficient_quota', times: 1 });
    await expect(client().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 429, code: 'insufficient_quota' });
    ai.fail({ kind: 'rate_limit_exceeded', times: 1 });
    await expect(client().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    const answer = await client().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]!.message.content).toBe('Sandbox answer to: hi');
  });

  it('streams text in chunks the SDK reassembles, with usage when asked', async () => {
    const text = 'Your contacts score is 82 out of 100, down from 87 last month. ✓';
    ai.script([{ text }]);
    const stream = client().chat.completions.stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'score?' }], stream: true, stream_options: { include_usage: true } });
    let deltas = 0;
    stream.on('content', () => (deltas += 1));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe(text);
    expect(deltas).toBeGreaterThan(3);
    expect(final.usage?.total_tokens).toBeGreaterThan(0);
    // Recorded once, as a plain request is: tests count the requests the model was sent.
    expect(ai.chatRequests()).toHaveLength(1);
  });

  it('splits tool call arguments over chunks and the SDK puts them back together', async () => {
    const args = { objectType: 'companies', limit: 5, filter: { minConfidence: 0.9, names: ['Acme Inc', 'Globex'] } };
    ai.script([{ toolCalls: [{ name: 'duplicate_groups', arguments: args }, { name: 'health_summary', arguments: {} }], expectTools: ['health_summary', 'duplicate_groups'] }]);
    const raw = await client().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'which companies?' }], tools, stream: true });
    let argumentChunks = 0;
    const chunks = [];
    for await (const chunk of raw) {
      chunks.push(chunk);
      if (chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments) argumentChunks += 1;
    }
    expect(argumentChunks).toBeGreaterThan(3);

    ai.script([{ toolCalls: [{ name: 'duplicate_groups', arguments: args }] }]);
    const final = await client().chat.completions.stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'which companies?' }], tools, stream: true }).finalChatCompletion();
    const call = final.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual(args);
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('refuses a scripted turn whose tools differ from those offered', async () => {
    ai.script([{ text: 'x', expectTools: ['other_tool'] }]);
    await expect(client().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], tools })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('other_tool') });
  });

  it('by default calls the tool a question names, then relays its result unchanged', async () => {
    const first = await client().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Show the health summary please' }], tools });
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function.name).toBe('health_summary');
    const result = '{"overall":82,"contacts":79}';
    const second = await client().chat.completions.create({
      model: 'gpt-4o',
      tools,
      messages: [{ role: 'user', content: 'Show the health summary please' }, first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: result }],
    });
    expect(second.choices[0]!.message.content).toBe(`From health_summary: ${result}`);
    expect(ai.chatRequests()).toHaveLength(2);
  });
});
