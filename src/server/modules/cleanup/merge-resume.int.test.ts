import { Client } from '@hubspot/api-client';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { MergeView } from '../../../shared/contracts/cleanup';
import { merges, recordActions } from '../../db/schema';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectedUser, createRecords, seedGroup } from '../../test/cleanup-fixtures';
import { runMerge, type ActionDetails } from './run-merge';

/**
 * A worker that dies around a HubSpot merge leaves its step "in progress". These tests stop the
 * job at exactly that point (HubSpot's merge endpoint failing) and run it again, as pg-boss
 * would after the worker's heartbeat stopped. No worker runs in this process: the test drives the job.
 */
let sandbox: Sandbox;
let ctx: TestApp;
let client: Client;
let token: string;
const MERGE_ROUTE = 'POST /crm/v3/objects/:objectType/merge';

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 821, contacts: 5, companies: 2, deals: 2, tickets: 2, seed: 29 }], rateLimits: false });
  token = sandbox.portals[0]!.token;
  client = new Client({ accessToken: token, basePath: sandbox.url });
  ctx = await startTestApp({ work: false, env: { HUBSPOT_API_BASE: sandbox.url } });
});

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

const job = () => ({ db: ctx.database.db, config: ctx.config, log: pino({ level: 'silent' }) });
const view = async (cookie: string, id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/cleanup/merges/${id}`, headers: { cookie } })).json() as MergeView;

/** A queued merge of three new contacts, and the job stopped while HubSpot did not answer its first merge. */
async function stoppedAtFirstMerge(name: string) {
  const { cookie, userId } = await connectedUser(ctx, `${name}@example.com`, token);
  const records = await createRecords(client, 'contacts', [
    { firstname: 'Ola', lastname: 'Nord', email: `${name}.1@nord.example`, city: 'Bergen' },
    { firstname: 'Ola', lastname: 'Nord', email: `${name}.2@nord.example` },
    { firstname: 'Ola', email: `${name}.3@nord.example` },
  ]);
  const groupId = await seedGroup(ctx, userId, 'contacts', records);
  const started = await ctx.app.inject({ method: 'POST', url: `/api/cleanup/groups/${groupId}/merge`, headers: { cookie }, payload: { primaryId: records[0]!.id } });
  const mergeId = (started.json() as MergeView).id;
  sandbox.setFaults({ errorRate: 1, paths: ['/crm/v3/objects/contacts/merge'] });
  try {
    await expect(runMerge(job(), mergeId)).rejects.toThrow('HubSpot did not confirm the merge');
  } finally {
    sandbox.setFaults({ errorRate: 0, paths: [] });
  }
  const stopped = await view(cookie, mergeId);
  expect(stopped.status).toBe('running');
  const step = stopped.steps.find((s) => s.actionType === 'merge')!;
  const [row] = await ctx.database.db.select().from(recordActions).where(eq(recordActions.id, step.id));
  expect(row!.status).toBe('in_progress');
  return { cookie, groupId, mergeId, records, details: row!.details as unknown as ActionDetails };
}

describe('a merge job that stopped mid-step', () => {
  it('recognises a merge HubSpot carried out before the worker died: not merged twice, and the next step follows the new id', async () => {
    const { cookie, groupId, mergeId, records, details } = await stoppedAtFirstMerge('done-before');
    // HubSpot did merge; only the answer was lost with the worker.
    const merged = await client.crm.contacts.basicApi.merge({ primaryObjectId: details.primaryIdBefore!, objectIdToMerge: details.secondaryId! });
    sandbox.resetStats();

    await runMerge(job(), mergeId);
    const merge = await view(cookie, mergeId);
    expect(merge.status).toBe('completed');
    const [first, second] = merge.steps.filter((s) => s.actionType === 'merge');
    expect(first).toMatchObject({ status: 'completed', resultId: merged.id });
    expect(second!.summary).toContain(`into ${merged.id}; the merged record is ${merge.survivorId}`);
    // Only the second record was sent to HubSpot's merge this time.
    expect(sandbox.stats().byRoute[MERGE_ROUTE]).toMatchObject({ requests: 1, byStatus: { 200: 1 } });
    const survivor = await client.crm.contacts.basicApi.getById(merge.survivorId, ['hs_merged_object_ids', 'city']);
    expect(survivor.properties.hs_merged_object_ids!.split(';')).toEqual(expect.arrayContaining(records.map((r) => r.id)));
    expect(survivor.properties.city).toBe('Bergen');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/duplicates/${groupId}`, headers: { cookie } })).json().status).toBe('merged');
  });

  it('carries out, once, a step whose merge never reached HubSpot', async () => {
    const { cookie, mergeId, records } = await stoppedAtFirstMerge('never-sent');
    sandbox.resetStats();
    await runMerge(job(), mergeId);
    const merge = await view(cookie, mergeId);
    expect(merge.status).toBe('completed');
    expect(merge.records.map((r) => r.outcome)).toEqual(['kept', 'merged', 'merged']);
    expect(sandbox.stats().byRoute[MERGE_ROUTE]).toMatchObject({ requests: 2, byStatus: { 200: 2 } });
    const survivor = await client.crm.contacts.basicApi.getById(merge.survivorId, ['hs_merged_object_ids']);
    // The three records and the record the first merge made.
    expect(survivor.properties.hs_merged_object_ids!.split(';')).toEqual(expect.arrayContaining(records.map((r) => r.id)));
    expect(survivor.properties.hs_merged_object_ids!.split(';')).toHaveLength(4);
    // A finished merge is not run again.
    sandbox.resetStats();
    await runMerge(job(), mergeId);
    expect(sandbox.stats().requests).toBe(0);
  });

  it('stops a stalled attempt at its next write once a newer attempt has taken the merge over', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'stalled@example.com', token);
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Uma', email: 'uma@one.example' },
      { firstname: 'Uma', email: 'uma@two.example' },
      { firstname: 'Uma', email: 'uma@three.example' },
    ]);
    const groupId = await seedGroup(ctx, userId, 'contacts', records);
    const mergeId = ((await ctx.app.inject({ method: 'POST', url: `/api/cleanup/groups/${groupId}/merge`, headers: { cookie }, payload: { primaryId: records[0]!.id } })).json() as MergeView).id;
    sandbox.resetStats();
    // Every HubSpot answer slow enough that the claim below lands while the merge call is under way, even on a busy machine.
    sandbox.setFaults({ latencyMs: 1000 });
    try {
      const stalled = runMerge(job(), mergeId);
      const stored = async () => (await ctx.database.db.select().from(merges).where(eq(merges.id, mergeId)))[0]!;
      await pollUntil(stored, (row) => Boolean(row.resolved), 30_000, (row) => `merge ${mergeId} not resolved: ${row.status}`, 20);
      // What a newer attempt's claim does (pg-boss retried the job while this one hung).
      await ctx.database.db.update(merges).set({ attempt: sql`${merges.attempt} + 1` }).where(eq(merges.id, mergeId));
      await stalled;
      expect((await view(cookie, mergeId)).status).toBe('running');
    } finally {
      sandbox.setFaults({ latencyMs: 0 });
    }
    await runMerge(job(), mergeId);
    expect((await view(cookie, mergeId)).status).toBe('completed');
    expect(sandbox.stats().byRoute[MERGE_ROUTE]?.byStatus).toEqual({ 200: 2 });
  });
});
