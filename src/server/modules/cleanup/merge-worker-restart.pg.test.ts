import { Client } from '@hubspot/api-client';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { MergeView } from '../../../shared/contracts/cleanup';
import { mergeBackups } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { NEEDS_POSTGRES_SERVER, postgresServerUrl } from '../../test/database-urls';
import { pollUntil } from '../../test/poll-until';
import { useWorkerProcesses } from '../../test/worker-processes';
import { connectedUser, createRecords, seedGroup } from '../../test/cleanup-fixtures';

const ENCRYPTION_KEY = 'cd'.repeat(32);
const MERGE_ROUTE = 'POST /crm/v3/objects/:objectType/merge';
const RECORDS = 10;
// Every HubSpot answer takes a while, so the worker can be killed with the merge half done.
const env = useWorkerProcesses({ portals: [{ portalId: 831, contacts: 5, companies: 2, deals: 2, tickets: 2, seed: 31 }], rateLimits: false, faults: { latencyMs: 150 } }, ENCRYPTION_KEY);
let ctx: TestApp;
let sandbox: Sandbox;
beforeAll(() => {
  ctx = env.app;
  sandbox = env.sandbox;
});
const startWorker = () => env.startWorker();

function until(cookie: string, id: number, done: (merge: MergeView) => boolean, timeoutMs: number): Promise<MergeView> {
  const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/cleanup/merges/${id}`, headers: { cookie } })).json() as MergeView;
  return pollUntil(read, done, timeoutMs, (merge) => `merge ${id}: ${merge.status} ${JSON.stringify(merge.records)}`, 50);
}

const mergedCount = (merge: MergeView) => merge.records.filter((r) => r.outcome === 'merged').length;

describe.skipIf(!postgresServerUrl)(`a worker process killed mid-merge ${NEEDS_POSTGRES_SERVER}`, () => {
  it('leaves a merge another worker finishes: no record merged twice, none skipped', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'killed-mid-merge@example.com', sandbox.portals[0]!.token);
    const client = new Client({ accessToken: sandbox.portals[0]!.token, basePath: sandbox.url });
    const records = await createRecords(
      client,
      'contacts',
      Array.from({ length: RECORDS }, (_, i) => ({ firstname: 'Rita', lastname: 'Moreno', email: `rita.${i}@moreno.example`, ...(i === 3 ? { city: 'Humacao' } : {}) })),
    );
    const groupId = await seedGroup(ctx, userId, 'contacts', records);
    sandbox.resetStats();
    const started = await ctx.app.inject({ method: 'POST', url: `/api/cleanup/groups/${groupId}/merge`, headers: { cookie }, payload: { primaryId: records[0]!.id } });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as MergeView;

    const first = startWorker();
    const midway = await until(cookie, id, (merge) => mergedCount(merge) >= 3, 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const stopped = (await ctx.app.inject({ method: 'GET', url: `/api/cleanup/merges/${id}`, headers: { cookie } })).json() as MergeView;
    expect(midway.status).toBe('running');
    expect(mergedCount(stopped)).toBeLessThan(RECORDS - 1);

    startWorker();
    const merge = await until(cookie, id, (m) => m.status !== 'queued' && m.status !== 'running', 120_000);
    expect(merge).toMatchObject({ status: 'completed', errorMessage: null });
    expect(merge.steps.every((s) => s.status === 'completed')).toBe(true);
    expect(mergedCount(merge)).toBe(RECORDS - 1);

    // HubSpot merged each of the nine once: no merge was refused as already done, none repeated.
    expect(sandbox.stats().byRoute[MERGE_ROUTE]?.byStatus).toEqual({ 200: RECORDS - 1 });
    const survivor = await client.crm.contacts.basicApi.getById(merge.survivorId, ['hs_merged_object_ids', 'city', 'email']);
    expect(survivor.properties.hs_merged_object_ids!.split(';')).toEqual(expect.arrayContaining(records.map((r) => r.id)));
    expect(survivor.properties).toMatchObject({ city: 'Humacao', email: 'rita.0@moreno.example' });
    for (const record of records) expect((await client.crm.contacts.basicApi.getById(record.id)).id).toBe(merge.survivorId);
    // The backups were taken once, before the first write.
    expect(await ctx.database.db.select().from(mergeBackups).where(eq(mergeBackups.mergeId, id))).toHaveLength(RECORDS);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/duplicates/${groupId}`, headers: { cookie } })).json().status).toBe('merged');
  }, 200_000);
});
