import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { HistoryPage } from '../../../shared/contracts/cleanup';
import type { ObjectRecordView } from '../../../shared/contracts/objects';
import type { DuplicateGroupPage } from '../../../shared/contracts/results';
import type { ScanRun } from '../../../shared/contracts/scans';
import { recordTitle } from '../../../shared/crm-properties';
import { crmRecords } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';

const PORTAL = 601;
let sandbox: Sandbox;
let ctx: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: PORTAL, contacts: 20, companies: 10, deals: 60, tickets: 120, duplicateRate: 0.3, seed: 7 }], rateLimits: false });
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url } });
});

afterAll(() => Promise.all([ctx?.stop(), sandbox?.close()]));

/** A call as the signed-in user's browser makes it. */
const call = (method: 'GET' | 'POST', cookie: string, url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (cookie: string, url: string) => call('GET', cookie, url);
const post = (cookie: string, url: string, payload?: object) => call('POST', cookie, url, payload);

async function scan(cookie: string, objectTypes: string[]): Promise<ScanRun> {
  const started = await post(cookie, '/api/scans', { objectTypes });
  expect(started.statusCode).toBe(202);
  const { id } = started.json() as ScanRun;
  const run = await pollUntil(
    async () => (await get(cookie, `/api/scans/${id}`)).json() as ScanRun,
    (r) => !['queued', 'running'].includes(r.status),
    120_000,
    (r) => `scan ${id}: ${r.status}`,
    250,
  );
  expect(run).toMatchObject({ status: 'completed' });
  return run;
}

const portal = () => sandbox.state.portal(PORTAL)!;
const ownerName = (id: string) => {
  const owner = portal().owners.find((o) => o.id === id)!;
  return `${owner.firstName} ${owner.lastName}`;
};

describe('names instead of ids and codes', () => {
  it('names the portal, owners, pipelines, stages and options in the API, and the records in History', async () => {
    const cookie = await activeUser(ctx, 'labels@example.com');
    const connected = await post(cookie, '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    // A private app's account details name no portal: never "app.hubspot.com".
    expect(connected.json()).toMatchObject({ hubDomain: null, portalName: `Portal ${PORTAL}` });
    expect((await get(cookie, '/api/hubspot/status')).json()).toMatchObject({ portalName: `Portal ${PORTAL}` });

    await scan(cookie, ['deals', 'tickets']);

    const page = (await get(cookie, '/api/duplicates?objectType=tickets&pageSize=100')).json() as DuplicateGroupPage;
    expect(page.groups.length).toBeGreaterThan(0);
    const owned = page.groups.flatMap((g) => g.records.map((r) => ({ group: g, owner: r.properties.hubspot_owner_id as string | undefined }))).find((x) => x.owner);
    expect(owned).toBeDefined();
    expect(owned!.group.valueLabels.hubspot_owner_id?.[owned!.owner!]).toBe(ownerName(owned!.owner!));
    const staged = page.groups.find((g) => g.records.some((r) => r.properties.hs_pipeline_stage))!;
    const stage = staged.records.find((r) => r.properties.hs_pipeline_stage)!.properties.hs_pipeline_stage as string;
    expect(staged.valueLabels.hs_pipeline_stage?.[stage]).toBe(portal().pipelines.tickets.stages.find((s) => s.id === stage)!.label);
    // Only the labels the page's values need travel.
    expect(Object.keys(staged.valueLabels.hs_pipeline_stage!).every((id) => staged.records.some((r) => r.properties.hs_pipeline_stage === id))).toBe(true);

    // A record page: its owner's name and its stage's label, the raw values unchanged beside them.
    const ticketId = owned!.group.records.find((r) => r.properties.hubspot_owner_id === owned!.owner)!.id;
    const record = (await get(cookie, `/api/objects/tickets/${ticketId}`)).json() as ObjectRecordView;
    expect(record.properties.hubspot_owner_id).toBe(owned!.owner);
    expect(record.valueLabels.hubspot_owner_id?.[owned!.owner!]).toBe(ownerName(owned!.owner!));
    expect(record.valueLabels.hs_pipeline?.['0']).toBe('Support Pipeline');
    // The downloads say the same names: a ticket status by its label, never its stage id.
    const stageLabel = portal().pipelines.tickets.stages.find((st) => st.id === stage)!.label;
    const groupsCsv = (await get(cookie, '/api/duplicates/export.csv?objectType=tickets&status=pending')).body;
    const recordsCsv = (await get(cookie, '/api/objects/tickets/records.csv')).body;
    for (const csv of [groupsCsv, recordsCsv]) {
      const header = csv.split('\r\n')[0]!.split(',');
      const statuses = csv.split('\r\n').slice(1, -1).map((line) => line.split(',')[header.indexOf('Ticket status')]);
      expect(statuses).toContain(stageLabel);
      expect(statuses.filter((status) => /^\d+$/.test(status ?? ''))).toEqual([]);
    }

    // The portal's admin renames the owner and the pipeline: the next scan brings the new names.
    const owner = portal().owners.find((o) => o.id === owned!.owner)!;
    owner.lastName = `${owner.lastName}-Okoro`;
    portal().pipelines.tickets.label = 'Customer Support';
    await scan(cookie, ['tickets']);
    const renamed = (await get(cookie, `/api/objects/tickets/${ticketId}`)).json() as ObjectRecordView;
    expect(renamed.valueLabels.hubspot_owner_id?.[owned!.owner!]).toBe(ownerName(owned!.owner!));
    expect(ownerName(owned!.owner!)).toMatch(/-Okoro$/);
    expect(renamed.valueLabels.hs_pipeline?.['0']).toBe('Customer Support');

    // An owner id the portal does not know (a deleted user, say) stays as it is, with no label.
    const { db } = ctx.database;
    await db
      .update(crmRecords)
      .set({ properties: sql`${crmRecords.properties} || '{"hubspot_owner_id":"39999999"}'::jsonb` })
      .where(and(eq(crmRecords.objectType, 'tickets'), eq(crmRecords.hubspotId, ticketId)));
    const unknown = (await get(cookie, `/api/objects/tickets/${ticketId}`)).json() as ObjectRecordView;
    expect(unknown.properties.hubspot_owner_id).toBe('39999999');
    expect(unknown.valueLabels.hubspot_owner_id).toBeUndefined();

    // History names the records a dismissal was about.
    const fresh = (await get(cookie, '/api/duplicates?objectType=tickets&pageSize=1')).json() as DuplicateGroupPage;
    const group = fresh.groups[0]!;
    expect((await post(cookie, `/api/duplicates/${group.id}/dismiss`)).statusCode).toBe(200);
    const history = (await get(cookie, '/api/cleanup/history')).json() as HistoryPage;
    const dismissal = history.actions.find((a) => a.actionType === 'dismiss' && a.groupId === group.id)!;
    for (const r of group.records) expect(dismissal.summary).toContain(`${recordTitle('tickets', r.properties, r.id)} (${r.id})`);
  });

  it("names a deal's company by the mirrored company's name, not its record id", async () => {
    const cookie = await activeUser(ctx, 'company-names@example.com');
    await post(cookie, '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    await scan(cookie, ['companies', 'deals']);
    const page = (await get(cookie, '/api/duplicates?objectType=deals&pageSize=100')).json() as DuplicateGroupPage;
    const withCompany = page.groups.flatMap((g) => g.records.map((r) => ({ group: g, company: r.properties.hs_primary_associated_company as string | undefined }))).find((x) => x.company);
    expect(withCompany).toBeDefined();
    const companies = portal().store('companies');
    const name = companies.get(companies.slotOfId(Number(withCompany!.company)), 'name');
    expect(name).toBeTruthy();
    expect(withCompany!.group.valueLabels.hs_primary_associated_company?.[withCompany!.company!]).toBe(name);
  });
});
