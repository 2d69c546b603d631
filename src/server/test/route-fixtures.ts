import { Client } from '@hubspot/api-client';
import { eq } from 'drizzle-orm';
import type { PortalInfo, Sandbox } from '../../../tools/hubspot-sandbox/sandbox';
import type { HistoryPage, MergeView } from '../../shared/contracts/cleanup';
import type { ScanRun } from '../../shared/contracts/scans';
import { users } from '../db/schema';
import { createRecords, seedGroup } from './cleanup-fixtures';
import { readOutbox } from '../modules/notifications';
import { activeUser } from './accounts';
import type { Operation } from './openapi-operations';
import type { TestApp } from './test-app';

/**
 * A user with one of everything the API names by id, made through the API itself: a HubSpot
 * connection, a finished scan, a pending duplicate group of mirrored records, a queued merge
 * of a second group, a record action (the dismissal of a third), the verification email.
 * Every value that identifies the user is distinctive, so a response that leaks one is found.
 * The app must not run job workers (work: false): the merge stays queued, nothing changes later.
 */
export interface RouteOwner {
  tag: string;
  email: string;
  cookie: string;
  userId: number;
  portal: PortalInfo;
  profile: { fullName: string; countryOfResidence: string; contactPhone: string };
  scanRunId: number;
  groupId: number;
  /** HubSpot ids of the pending group's records. */
  recordIds: string[];
  mergeId: number;
  actionId: number;
  outboxEmailId: string;
  /** One of the user's API keys (made through /api/enterprise/keys). */
  apiKeyId: number;
  /** One of the user's webhook endpoints (made through /api/enterprise/webhooks). */
  webhookEndpointId: number;
  /** One of the user's assistant conversations (a starter question answered without a model). */
  conversationId: number;
  /** Values only this user's data holds; lowercase. */
  markers: string[];
}

let nextAddress = 1;

export async function createRouteOwner(ctx: TestApp, sandbox: Sandbox, portal: PortalInfo, tag: string): Promise<RouteOwner> {
  const email = `${tag}@owner-${tag}.example`;
  // Each user signs up from an address of its own: a suite makes more users than one address may.
  const cookie = await activeUser(ctx, email, { remoteAddress: `198.51.100.${(nextAddress++ % 250) + 1}` });
  const profile = { fullName: `Ottoline Quarrington-${tag}`, countryOfResidence: 'Iceland', contactPhone: '+354 555 0199' };
  const json = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
    const response = await ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} for ${tag}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };
  await json('PUT', '/api/profile', profile);
  await json('POST', '/api/hubspot/connect-token', { accessToken: portal.token });
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = user!.id;
  // On Enterprise, so every route (webhooks included) is open to its owner and the suites reach its checks.
  await ctx.database.db.update(users).set({ plan: 'enterprise' }).where(eq(users.id, userId));

  const client = new Client({ accessToken: portal.token, basePath: sandbox.url });
  const records = await createRecords(
    client,
    'contacts',
    Array.from({ length: 6 }, (_, i) => ({ firstname: 'Zebulon', lastname: `Quillfeather-${tag}`, email: `zebulon${i}@quillfeather-${tag}.example`, city: 'Reykjavik' })),
  );
  const groupId = await seedGroup(ctx, userId, 'contacts', records.slice(0, 2));
  const mergedGroupId = await seedGroup(ctx, userId, 'contacts', records.slice(2, 4));
  const dismissedGroupId = await seedGroup(ctx, userId, 'contacts', records.slice(4, 6));

  const scan = await json<ScanRun>('POST', '/api/scans', { objectTypes: ['contacts'] });
  await json('POST', `/api/scans/${scan.id}/cancel`);
  const merge = await json<MergeView>('POST', `/api/cleanup/groups/${mergedGroupId}/merge`, {});
  await json('POST', `/api/duplicates/${dismissedGroupId}/dismiss`);
  const history = await json<HistoryPage>('GET', '/api/cleanup/history');
  const apiKey = await json<{ id: number }>('POST', '/api/enterprise/keys', { name: `Quillfeather-${tag} sync` });
  // Port 9 on loopback refuses at once: a test event sent in the matrix reaches nothing outside.
  const webhook = await json<{ id: number }>('POST', '/api/enterprise/webhooks', { url: `http://127.0.0.1:9/quillfeather-${tag}`, events: ['scan.completed'] });
  const conversationId = await askStarter(ctx, cookie, tag);
  const verification = (await readOutbox(ctx.config.dataDir)).find((e) => e.to === email && e.kind === 'verification');
  if (!verification) throw new Error(`No verification email for ${email}`);

  return {
    tag,
    email,
    cookie,
    userId,
    portal,
    profile,
    scanRunId: scan.id,
    groupId,
    recordIds: records.slice(0, 2).map((r) => r.id),
    mergeId: merge.id,
    actionId: history.actions[0]!.id,
    outboxEmailId: verification.id,
    apiKeyId: apiKey.id,
    webhookEndpointId: webhook.id,
    conversationId,
    markers: [email, profile.fullName, `quillfeather-${tag}`].map((m) => m.toLowerCase()),
  };
}

/** Asks the assistant a starter question (answered from the user's data, no model): the conversation it started. */
async function askStarter(ctx: TestApp, cookie: string, tag: string): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie }, payload: { starterId: 'health-overview' } });
  const start = /^data: (\{"type":"start".*)$/m.exec(response.body)?.[1];
  const conversationId = start ? (JSON.parse(start) as { conversationId: number | null }).conversationId : null;
  if (response.statusCode !== 200 || !conversationId) throw new Error(`Asking the assistant for ${tag}: ${response.statusCode} ${response.body}`);
  return conversationId;
}

/** The owner's rows, keyed as pathParamKey names path parameters. */
export function ownerPathValues(owner: RouteOwner): Record<string, string> {
  return {
    'scans/{id}': String(owner.scanRunId),
    'duplicates/{id}': String(owner.groupId),
    'records/{recordId}': owner.recordIds[0]!,
    'groups/{groupId}': String(owner.groupId),
    'merges/{id}': String(owner.mergeId),
    'actions/{id}': String(owner.actionId),
    'history/{id}': String(owner.actionId),
    'objects/{objectType}': 'contacts',
    'objects/{objectType}/{id}': owner.recordIds[0]!,
    'outbox/{id}': owner.outboxEmailId,
    'keys/{id}': String(owner.apiKeyId),
    'webhooks/{id}': String(owner.webhookEndpointId),
    'conversations/{id}': String(owner.conversationId),
    'v1/{objectType}': 'contacts',
    // A finding every new account has (nothing scanned yet); keys are words, not rows.
    'recommendations/{key}': 'never-scanned:deals',
    // Anything under /api/demo that no read route takes.
    'demo/{*}': 'anything',
  };
}

/**
 * A valid body for every operation that takes one, for `caller` (whose own token or profile
 * it holds). Deliberately harmless: a wrong password for account deletion, unknown addresses.
 */
const EXAMPLE_BODIES: Record<string, (caller: RouteOwner | undefined) => unknown> = {
  'POST /api/register': () => ({ email: 'new-user@example.com', password: 'correct horse', confirmPassword: 'correct horse' }),
  'POST /api/login': () => ({ username: 'nobody@example.com', password: 'not the password', redirectTo: '/dashboard' }),
  'POST /api/auth/send-verification': () => ({ email: 'nobody@example.com' }),
  'POST /api/auth/verify': () => ({ token: 'not-an-issued-token-0000' }),
  'POST /api/auth/password-reset': () => ({ email: 'nobody@example.com' }),
  'POST /api/auth/password-reset/confirm': () => ({ token: 'not-an-issued-token-0000', password: 'new password', confirmPassword: 'new password' }),
  'PUT /api/profile': (caller) => caller?.profile ?? { fullName: 'Ada Lovelace', countryOfResidence: 'United Kingdom', contactPhone: '+44 20 7946 0958' },
  'DELETE /api/account': () => ({ password: 'not the password' }),
  'POST /api/support/messages': () => ({ email: 'asker@example.com', name: 'Asker', topic: 'other', message: 'How do I merge two companies?' }),
  'POST /api/hubspot/connect-token': (caller) => ({ accessToken: caller?.portal.token ?? 'pat-na1-00000000-0000-0000-0000-000000000000' }),
  'POST /api/scans': () => ({ objectTypes: ['contacts'] }),
  'POST /api/enterprise/keys': () => ({ name: 'Matrix key' }),
  'POST /api/enterprise/webhooks': () => ({ url: 'http://127.0.0.1:9/matrix', events: ['scan.completed', 'merge.completed'], description: 'Matrix endpoint' }),
  'PATCH /api/enterprise/webhooks/{id}': () => ({ description: 'Matrix change' }),
  'POST /api/v1/scans': () => ({ objectTypes: ['contacts'] }),
  'POST /api/v1/duplicates/{id}/merge': (caller) => ({ primaryRule: 'most-complete', ...(caller ? { primaryId: caller.recordIds[0] } : {}), fieldChoices: {} }),
  'POST /api/v1/{objectType}/match': () => ({ properties: { email: 'jane@example.com', firstname: 'Jane' } }),
  'POST /api/billing/checkout': () => ({ plan: 'professional' }),
  'PUT /api/settings': () => SETTINGS_CHANGE,
  'PUT /api/demo/settings': () => SETTINGS_CHANGE,
  // Nobody in the suites has an OpenAI key, so the check stops before calling any AI server.
  'PUT /api/settings/ai': () => ({ preferredModel: 'gpt-4o-mini', aiAssistEnabled: true }),
  'POST /api/settings/ai/test': () => ({}),
  // To the caller's own address; no Slack token is saved, so the Slack test stops before calling Slack.
  'POST /api/settings/notifications/test-email': () => ({}),
  'POST /api/settings/notifications/test-slack': () => ({}),
  'POST /api/demo/settings/notifications/test-email': () => ({ to: 'someone@example.com' }),
  'POST /api/demo/settings/notifications/test-slack': () => ({ botToken: 'xoxb-0000-example', channel: '#crm-alerts' }),
  // A starter question: answered from the caller's data without a model (nobody in the suites has a key).
  'POST /api/assistant/ask': () => ({ starterId: 'health-overview' }),
  'POST /api/demo/assistant/ask': () => ({ starterId: 'companies-most-duplicates' }),
  'POST /api/cleanup/groups/{groupId}/merge': (caller) => ({ primaryRule: 'most-complete', ...(caller ? { primaryId: caller.recordIds[0] } : {}), fieldChoices: {} }),
};

const SETTINGS_CHANGE = { analysisFrequency: 'weekly', emailNotifications: true, maxRecordsLimit: 100, automaticCleanupMinConfidence: 0.9 };

export function exampleBody(operation: Operation, caller: RouteOwner | undefined): unknown {
  if (!operation.body) return undefined;
  const example = EXAMPLE_BODIES[operation.key];
  if (!example) throw new Error(`${operation.key} takes a body: add a valid example to EXAMPLE_BODIES in src/server/test/route-fixtures.ts`);
  return example(caller);
}

/** Whether a response body holds any of the markers (case-insensitive). */
export function leakedMarkers(body: string, markers: readonly string[]): string[] {
  const text = body.toLowerCase();
  return markers.filter((marker) => text.includes(marker));
}
