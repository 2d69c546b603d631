import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../tools/hubspot-sandbox/sandbox';
import { startStripeSandbox, type StripeSandbox } from '../../../tools/stripe-sandbox/sandbox';
import { aiConversations, crmConnections, duplicateGroups, merges, recordActions, scanRuns, users } from '../db/schema';
import { activeUser, expireTrial, register } from '../test/accounts';
import { apiOperations, describeRequest, namesRow, openApiPath, operationUrl, registeredRoutes, send, type Operation, type SentRequest } from '../test/openapi-operations';
import { createRouteOwner, exampleBody, leakedMarkers, ownerPathValues, type RouteOwner } from '../test/route-fixtures';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Every operation of the OpenAPI document, called by five identities with the owner's ids:
 * who may call what, and no one sees or changes another account's data. A new route joins
 * by being registered; if it is public, it says why below.
 */

/** Operations anyone may call, and why. */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'monitoring checks it without an account',

  'POST /api/register': 'signing up',
  'POST /api/login': 'signing in',
  'POST /api/logout': 'signing out answers the same with or without a session',
  'POST /api/auth/send-verification': 'the verification screen resends by address',
  'POST /api/auth/verify': 'the emailed link verifies whoever opens it',
  'POST /api/auth/password-reset': 'a forgotten password is asked for signed out',
  'POST /api/auth/password-reset/confirm': 'the emailed reset link is opened signed out',
  'GET /api/auth/providers': 'the sign-in page shows the providers this server offers',
  'GET /api/auth/google': 'starts Sign in with Google',
  'GET /api/auth/google/callback': "Google's redirect back after sign-in",
  'POST /api/support/messages': 'the contact form works signed out',
  'GET /api/notifications/unsubscribe': "an email's unsubscribe link works signed out: its signed token is the authority",
  'POST /api/notifications/unsubscribe': 'one-click unsubscribe (RFC 8058) comes from the mail provider, without a session; the signed token is the authority',
  'POST /api/billing/webhook': "Stripe's servers call it without a session; the Stripe-Signature over the raw body is the authority",
};
/** The public demo: anyone may read it, and it must never show a real account's data. */
const DEMO_PREFIX = '/api/demo/';
/** The versioned API authenticates by API key only (its own tests send keys): to every identity's session cookie it answers 401. */
const KEYED_PREFIX = '/api/v1/';
/** Development helpers for the machine itself (loopback only, absent in production): they list every user's emails by design. */
const DEV_PREFIX = '/api/dev/';

/** What a signed-in user may still do before verifying the email address, and why. */
const UNVERIFIED_ALLOWED: Record<string, string> = {
  'GET /api/user': 'the app reads it to show the verification screen',
  'GET /api/account/export': 'data rights hold whatever the state of the account',
  'DELETE /api/account': 'data rights hold whatever the state of the account',
};
/** What a user whose trial ended may still do, and why. */
const EXPIRED_ALLOWED: Record<string, string> = {
  'GET /api/user': 'the app reads it to send the user to /subscribe',
  'GET /api/billing/status': '/subscribe shows the plan and the ended trial',
  'POST /api/billing/checkout': 'paying is what /subscribe is for',
  'POST /api/billing/portal': 'a lapsed subscriber updates the card or resumes in the portal',
  'GET /api/account/export': 'data rights hold whatever the state of the account',
  'DELETE /api/account': 'data rights hold whatever the state of the account',
};

/** Routes Fastify serves that the document leaves out on purpose (with everything under them), and why. */
const UNDOCUMENTED: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/docs': 'Swagger UI, which shows the document',
  'GET /api/v1/openapi.json': 'the /api/v1 document, cut from this one',
  'GET /api/v1/docs': 'the page that shows the /api/v1 document',
  'ANY /api/v1/{*}': 'unknown /api/v1 paths: a keyed, counted and logged 404, not an operation',
  'GET /robots.txt': 'for crawlers, not an API operation',
  'GET /sitemap.xml': 'for crawlers, not an API operation',
};
/** ANY stands for every method. */
const undocumented = (key: string) =>
  Object.keys(UNDOCUMENTED).some((known) => {
    const [method, path] = known.split(' ');
    const candidate = method === 'ANY' ? `${key.split(' ')[0]} ${path}` : known;
    return key === candidate || key.startsWith(`${candidate}/`);
  });

type Identity = 'anonymous' | 'unverified' | 'expired' | 'tenant' | 'owner';

let sandbox: Sandbox;
let stripeSandbox: StripeSandbox;
let ctx: TestApp;
let operations: Operation[];
let owner: RouteOwner;
let tenant: RouteOwner;
const cookies: Partial<Record<Identity, string>> = {};
const markersOf: Partial<Record<Identity, string[]>> = {};

beforeAll(async () => {
  sandbox = await startSandbox({
    portals: [
      { portalId: 7340191, contacts: 5, companies: 2, deals: 2, tickets: 2, seed: 3 },
      { portalId: 7340192, contacts: 5, companies: 2, deals: 2, tickets: 2, seed: 4 },
    ],
    rateLimits: false,
  });
  // Billing on (no webhook deliveries), so checkout and the portal answer past "not configured".
  stripeSandbox = await startStripeSandbox({ webhookUrl: null });
  // A Slack app configured, so Add to Slack answers past its "not configured" check (its redirects call nothing).
  ctx = await startTestApp({
    work: false,
    env: { HUBSPOT_API_BASE: sandbox.url, SLACK_CLIENT_ID: 'matrix.client', SLACK_CLIENT_SECRET: 'matrix-secret', STRIPE_SECRET_KEY: stripeSandbox.secretKey, STRIPE_API_URL: stripeSandbox.url, STRIPE_WEBHOOK_SECRET: stripeSandbox.webhookSecret },
  });
  owner = await createRouteOwner(ctx, sandbox, sandbox.portals[0]!, 'owner');
  tenant = await createRouteOwner(ctx, sandbox, sandbox.portals[1]!, 'tenant');
  cookies.owner = owner.cookie;
  cookies.tenant = tenant.cookie;
  cookies.unverified = (await register(ctx.app, 'unverified@matrix.example', undefined, '192.0.2.10')).cookie;
  cookies.expired = await activeUser(ctx, 'expired@matrix.example', { remoteAddress: '192.0.2.11' });
  await expireTrial(ctx.database.db, 'expired@matrix.example');
  markersOf.owner = owner.markers;
  markersOf.tenant = tenant.markers;
  markersOf.unverified = ['unverified@matrix.example'];
  markersOf.expired = ['expired@matrix.example'];
  operations = await apiOperations(ctx.app);
}, 120_000);

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
  await stripeSandbox?.close();
});

const isPublic = (operation: Operation) => operation.key in PUBLIC || operation.path.startsWith(DEMO_PREFIX);
const isDev = (operation: Operation) => operation.path.startsWith(DEV_PREFIX);
const rowIds = (operation: Operation) => operation.pathParams.some(namesRow);

/**
 * Reads first, then changes; deleting rows before clearing whole collections (which would take
 * the rows with them); disconnecting HubSpot and signing out last, so the calls before them find
 * the connection and the session.
 */
function callOrder(list: Operation[]): Operation[] {
  const rank = (o: Operation) =>
    o.key === 'POST /api/logout' ? 4 : o.key === 'POST /api/hubspot/disconnect' || (o.method === 'DELETE' && !rowIds(o)) ? 3 : o.method === 'DELETE' ? 2 : o.method === 'GET' ? 0 : 1;
  return [...list].sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
}

function requestFor(operation: Operation, caller: RouteOwner | undefined): SentRequest {
  const body = exampleBody(operation, caller);
  return {
    method: operation.method,
    url: operationUrl(operation, ownerPathValues(owner)),
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  };
}

/** What is wrong with one answer, or null. */
function violation(operation: Operation, identity: Identity, status: number, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (isDev(operation)) return null;
  const others = (Object.keys(markersOf) as Identity[]).filter((other) => other !== identity || operation.path.startsWith(DEMO_PREFIX));
  const leaked = others.flatMap((other) => leakedMarkers(body, markersOf[other]!).map((marker) => `${other}'s "${marker}"`));
  if (leaked.length > 0) return `answered ${status} with ${leaked.join(', ')}`;
  if (isPublic(operation)) return null;
  if (operation.path.startsWith(KEYED_PREFIX)) return status === 401 ? null : `answered ${status} to a session cookie, not 401: /api/v1 takes API keys only`;
  const code = (() => {
    try {
      return (JSON.parse(body) as { code?: string }).code;
    } catch {
      return undefined;
    }
  })();
  switch (identity) {
    case 'anonymous':
      return status === 401 ? null : `answered ${status}, not 401`;
    case 'unverified':
      if (operation.key in UNVERIFIED_ALLOWED) return status === 401 || status === 403 ? `answered ${status} ${code}, though allowed: ${UNVERIFIED_ALLOWED[operation.key]}` : null;
      return status === 403 && code === 'EMAIL_NOT_VERIFIED' ? null : `answered ${status} ${code}, not 403 EMAIL_NOT_VERIFIED`;
    case 'expired':
      if (operation.key in EXPIRED_ALLOWED) return status === 401 || status === 403 ? `answered ${status} ${code}, though allowed: ${EXPIRED_ALLOWED[operation.key]}` : null;
      return status === 403 && code === 'TRIAL_EXPIRED' ? null : `answered ${status} ${code}, not 403 TRIAL_EXPIRED`;
    case 'tenant':
      // With another account's row id, only "not yours" will do: a 409 or 400 would say the row exists.
      return rowIds(operation) && status !== 403 && status !== 404 ? `answered ${status} ${code} for the owner's row, not 403 or 404` : null;
    case 'owner':
      if (status === 401 || status === 403) return `answered ${status} ${code} to the owner`;
      return rowIds(operation) && status === 404 ? 'answered 404 for the owner\'s own row: is the fixture in ownerPathValues right?' : null;
  }
}

async function callAll(identity: Identity): Promise<{ requests: number; violations: string[] }> {
  const caller = identity === 'owner' ? owner : identity === 'tenant' ? tenant : undefined;
  const violations: string[] = [];
  let requests = 0;
  for (const operation of callOrder(operations)) {
    const request = requestFor(operation, caller);
    const response = await send(ctx.app, request, cookies[identity]);
    requests++;
    const problem = violation(operation, identity, response.statusCode, response.body);
    if (problem) violations.push(`${identity}: ${describeRequest(request)} ${problem}`);
  }
  return { requests, violations };
}

/** The owner's rows that another identity's calls could change. */
async function ownerState() {
  const db = ctx.database.db;
  const id = owner.userId;
  return {
    user: await db.select({ email: users.email, fullName: users.fullName, emailVerified: users.emailVerified }).from(users).where(eq(users.id, id)),
    connections: await db.select({ id: crmConnections.id, isConnected: crmConnections.isConnected }).from(crmConnections).where(eq(crmConnections.userId, id)),
    scans: await db.select({ id: scanRuns.id, status: scanRuns.status, cancelRequested: scanRuns.cancelRequested }).from(scanRuns).where(eq(scanRuns.userId, id)).orderBy(scanRuns.id),
    groups: await db.select({ id: duplicateGroups.id, status: duplicateGroups.status, records: duplicateGroups.records }).from(duplicateGroups).where(eq(duplicateGroups.userId, id)).orderBy(duplicateGroups.id),
    merges: await db.select({ id: merges.id, status: merges.status }).from(merges).where(eq(merges.userId, id)).orderBy(merges.id),
    actions: await db.select({ id: recordActions.id, status: recordActions.status }).from(recordActions).where(eq(recordActions.userId, id)).orderBy(recordActions.id),
    conversations: await db.select({ id: aiConversations.id, promptTokens: aiConversations.promptTokens }).from(aiConversations).where(eq(aiConversations.userId, id)).orderBy(aiConversations.id),
  };
}

describe('every route, every identity', () => {
  it('documents every registered route in the OpenAPI document', () => {
    const documented = new Set(operations.map((o) => o.key));
    const registered = registeredRoutes(ctx.app).map((route) => `${route.method} ${openApiPath(route.path)}`);
    const missing = registered
      .filter((key) => !documented.has(key) && !undocumented(key))
      .map((key) => `${key} is registered but not in /api/openapi.json: give it a zod schema (not hide: true), or list it in UNDOCUMENTED with the reason`);
    expect(missing).toEqual([]);
    // The route tree was read: every documented operation is among the registered routes.
    expect([...documented].filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('answers each identity as its access allows, and no one sees or changes the owner\'s data', { timeout: 180_000 }, async () => {
    const before = await ownerState();
    const results = [];
    for (const identity of ['anonymous', 'unverified', 'expired', 'tenant'] as const) results.push(await callAll(identity));
    // Nothing the others sent changed what the owner has.
    expect(await ownerState()).toEqual(before);
    results.push(await callAll('owner'));
    console.info(`authorization matrix: ${operations.length} operations x 5 identities, ${results.reduce((n, r) => n + r.requests, 0)} requests`);
    expect(results.flatMap((r) => r.violations)).toEqual([]);
  });
});
