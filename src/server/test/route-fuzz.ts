import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../tools/hubspot-sandbox/sandbox';
import { startStripeSandbox, type StripeSandbox } from '../../../tools/stripe-sandbox/sandbox';
import type { DuplicateGroupPage } from '../../shared/contracts/results';
import {
  MALFORMED_BODIES,
  MALFORMED_HEADERS,
  MALFORMED_JSON_VALUES,
  MALFORMED_QUERIES,
  MALFORMED_URL_VALUES,
  malformedQueryShapes,
  seedOf,
  seededJsonValues,
  seededUrlValues,
} from './malformed-input';
import { apiOperations, bodyFields, cut, describeRequest, operationUrl, pathParamKey, send, withFieldValue, type Operation, type SentRequest } from './openapi-operations';
import { createRouteOwner, exampleBody, ownerPathValues, type RouteOwner } from './route-fixtures';
import { startTestApp, type TestApp } from './test-app';

/**
 * The fuzz suite: every operation of the OpenAPI document gets malformed values in each path,
 * query and body field (one field at a time, the rest valid), and malformed whole queries and
 * bodies and malformed headers, sent as the owner and anonymously. No answer may be a 5xx, and every 4xx is
 * `{ message, code }`. Operations are shared out between `shards` test files so the two
 * test workers run them side by side; a new route lands in one of them by itself.
 */
export function describeRouteFuzz(shard: number, shards: number): void {
  let sandbox: Sandbox;
  let stripeSandbox: StripeSandbox;
  let ctx: TestApp;
  let mine: Operation[];
  let owner: RouteOwner;
  let demoValues: Record<string, string>;
  let owners = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ portals: [{ portalId: 7340200 + shard, contacts: 5, companies: 2, deals: 2, tickets: 2, seed: shard }], rateLimits: false });
    // Billing on, so its routes are fuzzed past "not configured" (no webhook deliveries).
    stripeSandbox = await startStripeSandbox({ webhookUrl: null });
    ctx = await startTestApp({ work: false, env: { HUBSPOT_API_BASE: sandbox.url, STRIPE_SECRET_KEY: stripeSandbox.secretKey, STRIPE_API_URL: stripeSandbox.url, STRIPE_WEBHOOK_SECRET: stripeSandbox.webhookSecret } });
    mine = shareOut(await apiOperations(ctx.app), shards)[shard - 1]!;
    owner = await newOwner();
    // The demo's own ids reach further into its routes than ids it does not have.
    const demo = (await ctx.app.inject({ method: 'GET', url: '/api/demo/duplicates?pageSize=1&status=pending' })).json() as DuplicateGroupPage;
    const group = demo.groups[0]!;
    demoValues = { 'groups/{groupId}': String(group.id), 'duplicates/{id}': String(group.id), 'records/{recordId}': group.records[0]!.id };
  }, 120_000);

  afterAll(async () => {
    await ctx?.stop();
    await sandbox?.close();
    await stripeSandbox?.close();
  });

  const newOwner = () => createRouteOwner(ctx, sandbox, sandbox.portals[0]!, `fuzz${shard}-${++owners}`);

  describe(`fuzzing the API, part ${shard} of ${shards}`, () => {
    it('answers every malformed request with a 4xx { message, code }, never a 5xx', { timeout: 170_000 }, async () => {
      const failures: string[] = [];
      let sent = 0;
      // Reads share one owner; each operation that may change something gets an owner of its own.
      const ordered = [...mine].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET') || a.key.localeCompare(b.key));
      for (const operation of ordered) {
        const caller = operation.method === 'GET' ? owner : await newOwner();
        const values = { ...ownerPathValues(caller), ...(operation.path.startsWith('/api/demo/') ? demoValues : {}) };
        for (const request of malformedRequests(operation, values, caller)) {
          for (const cookie of [caller.cookie, undefined]) {
            sent++;
            const problem = await check(ctx, { ...request, remoteAddress: addressFor(sent) }, cookie);
            if (problem) failures.push(`${cookie ? 'owner' : 'anonymous'}: ${problem}`);
          }
        }
      }
      console.info(`fuzz part ${shard}/${shards}: ${mine.length} operations, ${sent} requests, ${failures.length} failures`);
      expect(failures).toEqual([]);
    });
  });
}

/** A different client address per request, so the per-address sign-in limits do not stop the suite from reaching the handlers. */
function addressFor(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Operations shared out by how many requests each makes, heaviest first, each to the lightest part. */
function shareOut(operations: Operation[], shards: number): Operation[][] {
  const parts = Array.from({ length: shards }, () => ({ weight: 0, operations: [] as Operation[] }));
  const weight = (o: Operation) => 1 + o.pathParams.length + o.queryParams.length + bodyFields(o).length;
  for (const operation of [...operations].sort((a, b) => weight(b) - weight(a) || a.key.localeCompare(b.key))) {
    const lightest = parts.reduce((min, part) => (part.weight < min.weight ? part : min));
    lightest.operations.push(operation);
    lightest.weight += weight(operation);
  }
  return parts.map((part) => part.operations);
}

/** Every malformed request for one operation: one field at a time, then whole queries and bodies. */
function* malformedRequests(operation: Operation, values: Record<string, string>, caller: RouteOwner): Generator<SentRequest> {
  const body = exampleBody(operation, caller);
  const json = { 'content-type': 'application/json' };
  const valid = body === undefined ? {} : { headers: json, payload: JSON.stringify(body) };
  const at = (query = '', pathValues = values): SentRequest => ({ method: operation.method, url: operationUrl(operation, pathValues, query), ...valid });

  for (const param of operation.pathParams) {
    const key = pathParamKey(operation, param.name);
    for (const value of [...MALFORMED_URL_VALUES, ...seededUrlValues(seedOf(`${operation.key} ${key}`))]) yield at('', { ...values, [key]: value });
  }
  for (const param of operation.queryParams) {
    const urlValues = [...MALFORMED_URL_VALUES, ...seededUrlValues(seedOf(`${operation.key} ?${param.name}`))];
    for (const query of [...urlValues.map((value) => `${param.name}=${value}`), ...malformedQueryShapes(param.name)]) yield at(query);
  }
  for (const query of MALFORMED_QUERIES) yield at(query);
  for (const headers of MALFORMED_HEADERS) {
    const request = at();
    yield { ...request, headers: { ...request.headers, ...headers } };
  }

  if (body !== undefined) {
    // The field's value is written into the JSON text as it is: 1e309 and 2^53 + 1 survive no JSON.stringify.
    const placeholder = 'fuzzed-value-goes-here';
    for (const field of bodyFields(operation)) {
      const template = JSON.stringify(withFieldValue(body, field.name, placeholder));
      for (const value of [...MALFORMED_JSON_VALUES, ...seededJsonValues(seedOf(`${operation.key} .${field.name}`))]) {
        yield { method: operation.method, url: operationUrl(operation, values), headers: json, payload: template.replace(`"${placeholder}"`, () => value) };
      }
      if (field.required) yield { method: operation.method, url: operationUrl(operation, values), headers: json, payload: JSON.stringify(withFieldValue(body, field.name, undefined)) };
    }
    const text = JSON.stringify(body);
    for (const extra of ['"unexpected":1', '"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}', '"prototype":1']) {
      yield { method: operation.method, url: operationUrl(operation, values), headers: json, payload: text === '{}' ? `{${extra}}` : text.replace(/^\{/, `{${extra},`) };
    }
  }
  if (operation.method !== 'GET') {
    for (const malformed of MALFORMED_BODIES) {
      yield { method: operation.method, url: operationUrl(operation, values), ...(malformed.contentType ? { headers: { 'content-type': malformed.contentType } } : {}), ...(malformed.payload !== undefined ? { payload: malformed.payload } : {}) };
    }
  }
}

/** What is wrong with the answer to one request, or null. */
async function check(ctx: TestApp, request: SentRequest, cookie: string | undefined): Promise<string | null> {
  let response;
  try {
    response = await send(ctx.app, request, cookie);
  } catch (error) {
    return (error as Error).message;
  }
  const status = response.statusCode;
  if (status >= 500) return `${describeRequest(request)} answered ${status}: ${cut(response.body)}`;
  if (status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
    if (typeof message !== 'string' || typeof code !== 'string') return `${describeRequest(request)} answered ${status} without { message, code }: ${cut(response.body)}`;
  }
  return null;
}
