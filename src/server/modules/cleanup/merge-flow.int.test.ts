import { Client } from '@hubspot/api-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { HistoryPage, MergePlan, MergeView, RecordActionView } from '../../../shared/contracts/cleanup';
import { crmRecords, mergeBackups, notificationEvents } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectedUser, createRecords, finishedMerge, seedGroup } from '../../test/cleanup-fixtures';

let sandbox: Sandbox;
let ctx: TestApp;
let client: Client;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 801, contacts: 20, companies: 5, deals: 5, tickets: 5, seed: 21 }], rateLimits: false });
  token = sandbox.portals[0]!.token;
  client = new Client({ accessToken: token, basePath: sandbox.url });
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url } });
});

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function mirrorRow(hubspotId: string) {
  const [row] = await ctx.database.db.select().from(crmRecords).where(and(eq(crmRecords.objectType, 'contacts'), eq(crmRecords.hubspotId, hubspotId)));
  return row;
}

describe('merging a duplicate group', () => {
  it('previews the plan, then merges four contacts pairwise into the primary, following the new id HubSpot gives after each merge', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'nway@example.com', token);
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Maria', lastname: 'Lopez', email: 'maria@lopez.example', city: 'Austin', lifecyclestage: 'lead' },
      { firstname: 'María', lastname: 'López', email: 'maria.lopez@work.example', city: 'Houston', phone: '+1 512 555 0101', jobtitle: 'CFO', lifecyclestage: 'customer' },
      { firstname: 'M.', lastname: 'Lopez', email: 'mlopez@old.example', city: 'Dallas' },
      { firstname: 'Maria', lastname: 'Lopes', email: 'maria@lopes.example', company: 'Lopez Consulting' },
    ]);
    const [a, b, c, d] = records.map((r) => r.id) as [string, string, string, string];
    const groupId = await seedGroup(ctx, userId, 'contacts', records);

    const planned = await get(cookie, `/api/cleanup/groups/${groupId}/plan?primaryRule=most-complete`);
    expect(planned.statusCode).toBe(200);
    const plan = planned.json() as MergePlan;
    expect(plan.suggestedPrimaryId).toBe(b);
    expect(plan.result).toMatchObject({ firstname: 'María', city: 'Houston', company: 'Lopez Consulting', lifecyclestage: 'customer' });
    expect(plan.lostValues.filter((l) => l.property === 'city').map((l) => l.value).sort()).toEqual(['Austin', 'Dallas']);
    // The primary's blanks are filled by writing the chosen values first: the outcome does not depend on HubSpot's merge order.
    expect(plan.steps.map((s) => s.kind)).toEqual(['update', 'merge', 'merge', 'merge']);
    expect(plan.steps[0]!.description).toMatch(/^Write 1 chosen value to María López/);

    // By hand: the first record survives, with the job title and the phone from the second, and the city of the third.
    const byHand = (await get(cookie, `/api/cleanup/groups/${groupId}/plan?primaryId=${a}`)).json() as MergePlan;
    expect(byHand.primaryId).toBe(a);
    const started = await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: a, fieldChoices: { city: c } });
    expect(started.statusCode).toBe(202);
    const queued = started.json() as MergeView;
    expect(queued.records.map((r) => [r.id, r.role])).toEqual([[a, 'primary'], ...byHand.steps.filter((s) => s.kind === 'merge').map((s) => [s.recordId, 'secondary'])]);

    const merge = await finishedMerge(ctx, cookie, queued.id);
    expect(merge.status).toBe('completed');
    expect(merge.errorMessage).toBeNull();
    expect(merge.steps.map((s) => [s.actionType, s.status])).toEqual([['update', 'completed'], ['merge', 'completed'], ['merge', 'completed'], ['merge', 'completed']]);
    expect(merge.steps[0]!.changes).toEqual(expect.arrayContaining([{ property: 'city', from: 'Austin', to: 'Dallas' }, { property: 'jobtitle', from: null, to: 'CFO' }]));
    // Each merge went into the record the previous one produced, and each produced a new id.
    const merges = merge.steps.filter((s) => s.actionType === 'merge');
    let expectedPrimary = a;
    for (const step of merges) {
      expect(step.recordIds[0]).toBe(a);
      expect(step.summary.split(' into ')[1]).toContain(expectedPrimary);
      expect(step.resultId).not.toBe(expectedPrimary);
      expectedPrimary = step.resultId!;
    }
    expect(merge.survivorId).toBe(expectedPrimary);
    expect(merge.records.every((r) => r.backedUp)).toBe(true);
    expect(merge.records.filter((r) => r.role === 'secondary').map((r) => r.outcome)).toEqual(['merged', 'merged', 'merged']);

    const survivor = await client.crm.contacts.basicApi.getById(merge.survivorId, ['firstname', 'city', 'jobtitle', 'phone', 'company', 'email', 'hs_additional_emails', 'lifecyclestage', 'hs_merged_object_ids']);
    expect(survivor.properties).toMatchObject({ firstname: 'Maria', city: 'Dallas', jobtitle: 'CFO', phone: '+1 512 555 0101', company: 'Lopez Consulting', email: 'maria@lopez.example', lifecyclestage: 'customer' });
    expect(survivor.properties.hs_additional_emails!.split(';').sort()).toEqual(['maria.lopez@work.example', 'maria@lopes.example', 'mlopez@old.example']);
    expect(survivor.properties.hs_merged_object_ids!.split(';')).toEqual(expect.arrayContaining([a, b, c, d]));
    for (const oldId of [a, b, c, d]) expect((await client.crm.contacts.basicApi.getById(oldId)).id).toBe(merge.survivorId);

    // The mirror knows: the next scan will not propose these records again.
    for (const oldId of [a, b, c, d]) expect(await mirrorRow(oldId)).toMatchObject({ archived: true, mergedIntoId: merge.survivorId });
    expect(await mirrorRow(merge.survivorId)).toMatchObject({ archived: false, properties: expect.objectContaining({ city: 'Dallas' }) });
    expect((await get(cookie, `/api/duplicates/${groupId}`)).json()).toMatchObject({ status: 'merged', primaryRecordId: a });

    // The outbox tells webhooks of it (merge.completed), written with the merge's outcome.
    const told = await ctx.database.db.select().from(notificationEvents).where(eq(notificationEvents.kind, 'merge.completed'));
    expect(told.map((e) => e.payload)).toContainEqual(expect.objectContaining({ mergeId: merge.id, status: 'completed', objectType: 'contacts', mergedRecords: 3, survivorId: merge.survivorId }));

    // A backup of every record, as it was before anything was written.
    const backups = await ctx.database.db.select().from(mergeBackups).where(eq(mergeBackups.mergeId, merge.id));
    expect(Object.fromEntries(backups.map((b) => [b.hubspotId, b.properties.city ?? null]))).toEqual({ [a]: 'Austin', [b]: 'Houston', [c]: 'Dallas', [d]: null });

    const again = await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: a });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'GROUP_NOT_PENDING', message: 'This group has already been merged.' });

    const history = (await get(cookie, '/api/cleanup/history')).json() as HistoryPage;
    expect(history.total).toBe(4);
    expect(history.actions.every((action) => action.performedBy === 'user' && action.mergeId === merge.id && action.groupId === groupId)).toBe(true);
    expect(history.actions.filter((action) => action.actionType === 'merge').every((action) => action.restore.available)).toBe(true);
  });

  it('merges deals into the primary, which keeps its id', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'deals@example.com', token);
    const deals = await createRecords(client, 'deals', [
      { dealname: 'Acme renewal', amount: '1200' },
      { dealname: 'ACME renewal 2025', amount: '1250', dealstage: 'contractsent' },
    ]);
    const groupId = await seedGroup(ctx, userId, 'deals', deals);
    const started = (await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: deals[0]!.id })).json() as MergeView;
    const merge = await finishedMerge(ctx, cookie, started.id);
    expect(merge).toMatchObject({ status: 'completed', survivorId: deals[0]!.id });
    const survivor = await client.crm.deals.basicApi.getById(deals[1]!.id, ['dealname', 'amount', 'dealstage']);
    expect(survivor).toMatchObject({ id: deals[0]!.id, properties: expect.objectContaining({ dealname: 'Acme renewal', amount: '1200', dealstage: 'contractsent' }) });
  });

  it('reports the 250-merge cap per record, merges the rest, leaves the group failed showing which were merged, and a retry finishes it', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'capped@example.com', token);
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Kai', lastname: 'Berg', email: 'kai@berg.example', city: 'Oslo', phone: '+47 22 00 00 01' },
      { firstname: 'Kai', lastname: 'Berg', email: 'kai.berg@mail.example' },
      { firstname: 'Kai', lastname: 'Bergh', email: 'kberg@firma.example' },
    ]);
    const [a, b, c] = records.map((r) => r.id) as [string, string, string];
    const store = sandbox.state.portals()[0]!.store('contacts');
    store.setMergeCount(store.slotOfId(Number(b)), 250);
    const groupId = await seedGroup(ctx, userId, 'contacts', records);

    const merge = await finishedMerge(ctx, cookie, ((await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: a })).json() as MergeView).id);
    expect(merge.status).toBe('partial');
    const byId = Object.fromEntries(merge.records.map((r) => [r.id, r]));
    expect(byId[a]).toMatchObject({ role: 'primary', outcome: 'kept' });
    expect(byId[b]).toMatchObject({ outcome: 'failed', mergedIntoId: null });
    expect(byId[b]!.errorMessage).toMatch(/^HubSpot refused to merge Kai Berg <kai\.berg@mail\.example> \(\d+\): Contact \d+ has been part of 250 merges and cannot be merged again\.$/);
    expect(byId[c]).toMatchObject({ outcome: 'merged', mergedIntoId: merge.survivorId });
    expect(merge.errorMessage).toContain('250 merges');
    expect((await get(cookie, `/api/duplicates/${groupId}`)).json()).toMatchObject({ status: 'failed' });
    const listed = (await get(cookie, `/api/cleanup/groups/${groupId}/merges`)).json() as { merges: MergeView[] };
    expect(listed.merges.map((m) => m.id)).toEqual([merge.id]);

    // A failed group may be merged again: the plan sees what HubSpot has now (two records) and finishes it.
    store.setMergeCount(store.slotOfId(Number(b)), 0);
    const plan = (await get(cookie, `/api/cleanup/groups/${groupId}/plan`)).json() as MergePlan;
    expect(plan.records.map((r) => r.id).sort()).toEqual([merge.survivorId, b].sort());
    expect(plan.alreadyMerged).toEqual(expect.arrayContaining([{ id: a, mergedIntoId: merge.survivorId }, { id: c, mergedIntoId: merge.survivorId }]));
    const retry = await finishedMerge(ctx, cookie, ((await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: merge.survivorId })).json() as MergeView).id);
    expect(retry.status).toBe('completed');
    expect((await get(cookie, `/api/duplicates/${groupId}`)).json()).toMatchObject({ status: 'merged' });
  });

  it('refuses what cannot be merged, with a clear message', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'refusals@example.com', token);
    const pair = await createRecords(client, 'contacts', [
      { firstname: 'Lea', email: 'lea@one.example' },
      { firstname: 'Lea', email: 'lea@two.example' },
    ]);

    const notMirrored = await seedGroup(ctx, userId, 'contacts', [...pair, { id: '999999', properties: { firstname: 'Ghost' } }], { mirror: false });
    const unknown = await get(cookie, `/api/cleanup/groups/${notMirrored}/plan`);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ code: 'RECORDS_NOT_IN_MIRROR' });
    expect(unknown.json().message).toContain('999999');

    const groupId = await seedGroup(ctx, userId, 'contacts', pair);
    const badChoice = await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: pair[0]!.id, fieldChoices: { email: pair[1]!.id } });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json()).toMatchObject({ code: 'INVALID_MERGE_CHOICE' });
    expect((await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: '1' })).json()).toMatchObject({ code: 'INVALID_MERGE_CHOICE', message: "Record 1 is not one of this group's records." });
    expect((await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { colour: 'red' })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    // Another merge of the same group while one is under way.
    sandbox.setFaults({ latencyMs: 250 });
    try {
      const first = await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: pair[0]!.id });
      expect(first.statusCode).toBe(202);
      const second = await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: pair[1]!.id });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ code: 'MERGE_IN_PROGRESS', message: 'A merge of this group is already under way. Wait for it to finish.' });
      expect((await finishedMerge(ctx, cookie, (first.json() as MergeView).id)).status).toBe('completed');
    } finally {
      sandbox.setFaults({ latencyMs: 0 });
    }

    // A group dismissed on the duplicates screen is not merged; the dismissal is in the history too.
    const dismissed = await seedGroup(ctx, userId, 'contacts', pair);
    expect((await post(cookie, `/api/duplicates/${dismissed}/dismiss`)).statusCode).toBe(200);
    expect((await post(cookie, `/api/cleanup/groups/${dismissed}/merge`, {})).json()).toEqual({ code: 'GROUP_NOT_PENDING', message: 'This group is dismissed; only pending groups can be merged.' });
    const history = (await get(cookie, '/api/cleanup/history')).json() as HistoryPage;
    expect(history.actions[0]).toMatchObject({ actionType: 'dismiss', groupId: dismissed, performedBy: 'user', summary: `Dismissed ${pair.map((r) => `${r.properties.firstname} (${r.id})`).join(', ')} as not duplicates`, restore: { available: false } });

    // Someone else's group, merge and history are not there for this user.
    const other = await activeUser(ctx, 'someone-else@example.com');
    expect((await get(other, `/api/cleanup/groups/${groupId}/plan`)).statusCode).toBe(404);
    expect((await get(other, `/api/cleanup/groups/${groupId}/merges`)).statusCode).toBe(404);
    expect((await get(other, '/api/cleanup/history')).json()).toMatchObject({ total: 0, actions: [] });
    expect((await post(other, `/api/cleanup/groups/${groupId}/merge`, {})).statusCode).toBe(404);
    expect((await get(cookie.replace(/=.*/, '=nope'), '/api/cleanup/history')).statusCode).toBe(401);
  });
});

describe('restore', () => {
  it('recreates a merged-away record from its backup with a new id, says so, and only once', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'restore@example.com', token);
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Noor', lastname: 'Haddad', email: 'noor@haddad.example', city: 'Amman' },
      { firstname: 'Noor', lastname: 'Hadad', email: 'noor.h@mail.example', city: 'Irbid', jobtitle: 'Architect', createdate: '2018-04-01T00:00:00.000Z' },
    ]);
    const groupId = await seedGroup(ctx, userId, 'contacts', records);
    const merge = await finishedMerge(ctx, cookie, ((await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: records[0]!.id })).json() as MergeView).id);
    expect(merge.status).toBe('completed');
    const step = merge.steps.find((s) => s.actionType === 'merge')!;
    // The name a Restore dialog asks about comes from the server, not from the summary's wording.
    expect(step.restore).toEqual({ available: true, restoredAsId: null, reason: null, recordName: 'Noor Hadad <noor.h@mail.example>' });

    const notAMerge = merge.steps.find((s) => s.actionType === 'update');
    if (notAMerge) expect((await post(cookie, `/api/cleanup/actions/${notAMerge.id}/restore`)).json()).toMatchObject({ code: 'NOT_RESTORABLE' });

    const restored = await post(cookie, `/api/cleanup/actions/${step.id}/restore`);
    expect(restored.statusCode).toBe(200);
    const result = restored.json() as { action: RecordActionView; restoredId: string; message: string };
    expect(result.restoredId).not.toBe(records[1]!.id);
    expect(result.message).toBe(
      `Restored Noor Hadad <noor.h@mail.example> from its backup as a new record, ${result.restoredId}. HubSpot cannot undo a merge, so the restored record has a new id (it was ${records[1]!.id}); the merged record ${merge.survivorId} keeps its values, activities and associations.`,
    );
    expect(result.action).toMatchObject({ actionType: 'restore', status: 'completed', resultId: result.restoredId, recordIds: [result.restoredId], performedBy: 'user' });

    const back = await client.crm.contacts.basicApi.getById(result.restoredId, ['firstname', 'lastname', 'email', 'city', 'jobtitle', 'createdate']);
    expect(back.properties).toMatchObject({ firstname: 'Noor', lastname: 'Hadad', email: 'noor.h@mail.example', city: 'Irbid', jobtitle: 'Architect', createdate: '2018-04-01T00:00:00.000Z' });
    expect((await client.crm.contacts.basicApi.getById(merge.survivorId)).id).toBe(merge.survivorId);
    expect(await mirrorRow(result.restoredId)).toMatchObject({ archived: false });

    const twice = await post(cookie, `/api/cleanup/actions/${step.id}/restore`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'ALREADY_RESTORED', message: `This record was already restored as record ${result.restoredId}.` });
    const history = (await get(cookie, '/api/cleanup/history')).json() as HistoryPage;
    expect(history.actions[0]).toMatchObject({ actionType: 'restore', summary: `Restored Noor Hadad <noor.h@mail.example> (${records[1]!.id}) from its backup as new record ${result.restoredId}` });
    expect(history.actions.find((a) => a.id === step.id)!.restore).toEqual({ available: false, restoredAsId: result.restoredId, reason: `Already restored as record ${result.restoredId}.`, recordName: 'Noor Hadad <noor.h@mail.example>' });
  });

  it('recreates a contact without its email when HubSpot already has that email on a record, and says which', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'restore-email@example.com', token);
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Ines', lastname: 'Faro', email: 'ines@faro.example' },
      { firstname: 'Inês', lastname: 'Faro', email: 'ines.faro@mail.example', city: 'Porto' },
    ]);
    const groupId = await seedGroup(ctx, userId, 'contacts', records);
    const merge = await finishedMerge(ctx, cookie, ((await post(cookie, `/api/cleanup/groups/${groupId}/merge`, { primaryId: records[0]!.id })).json() as MergeView).id);
    // HubSpot keeps one contact per email: here another contact took the address since.
    const holder = await client.crm.contacts.basicApi.create({ properties: { email: 'ines.faro@mail.example' }, associations: [] });

    const step = merge.steps.find((s) => s.actionType === 'merge')!;
    const result = (await post(cookie, `/api/cleanup/actions/${step.id}/restore`)).json() as { restoredId: string; message: string };
    expect(result.message).toContain(`HubSpot already has ines.faro@mail.example on record ${holder.id}, so the restored record was created without an email.`);
    const back = await client.crm.contacts.basicApi.getById(result.restoredId, ['firstname', 'email', 'city']);
    expect(back.properties).toMatchObject({ firstname: 'Inês', email: null, city: 'Porto' });
  });
});
