import type { Client } from '@hubspot/api-client';
import { eq } from 'drizzle-orm';
import type { MergeView } from '../../shared/contracts/cleanup';
import type { ObjectType } from '../../shared/object-types';
import { crmRecords, duplicateGroups, scanHistory, users } from '../db/schema';
import { activeUser } from './accounts';
import type { TestApp } from './test-app';
import { findConnection } from '../modules/hubspot';

/** For tests: records, users and duplicate groups in a sandbox portal and the product's database. */

export interface SandboxRecord {
  id: string;
  properties: Record<string, string | null>;
  updatedAt?: Date;
}

/** A signed-in user connected to the portal with its private-app token. */
export async function connectedUser(ctx: TestApp, email: string, token: string): Promise<{ cookie: string; userId: number }> {
  const cookie = await activeUser(ctx, email);
  const connected = await ctx.app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie }, payload: { accessToken: token } });
  if (connected.statusCode !== 200) throw new Error(`connect-token: ${connected.body}`);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie, userId: user!.id };
}

export async function createRecords(client: Client, objectType: ObjectType, list: Record<string, string>[]): Promise<SandboxRecord[]> {
  const created: SandboxRecord[] = [];
  for (const properties of list) {
    const record = await client.crm.objects.basicApi.create(objectType, { properties, associations: [] });
    created.push({ id: record.id, properties: record.properties, updatedAt: record.updatedAt });
  }
  return created;
}

/**
 * A pending duplicate group of these records, as a scan would have stored it, with the records
 * in the mirror. Answers the group's id.
 */
export async function seedGroup(ctx: TestApp, userId: number, objectType: ObjectType, records: readonly SandboxRecord[], options: { confidence?: number; mirror?: boolean } = {}): Promise<number> {
  const db = ctx.database.db;
  const connection = (await findConnection(db, userId))!;
  if (options.mirror !== false) {
    await db
      .insert(crmRecords)
      .values(records.map((r) => ({ connectionId: connection.id, userId, objectType, hubspotId: r.id, properties: r.properties, hubspotUpdatedAt: r.updatedAt ?? new Date() })))
      .onConflictDoNothing();
  }
  const [scan] = await db.insert(scanHistory).values({ userId, objectType, status: 'completed' }).returning({ id: scanHistory.id });
  const [group] = await db
    .insert(duplicateGroups)
    .values({
      userId,
      objectType,
      scanId: scan!.id,
      matchKey: 'test',
      confidence: options.confidence ?? 0.97,
      primaryRecordId: records[0]!.id,
      records: records.map((r, i) => ({ id: r.id, isPrimary: i === 0, properties: Object.fromEntries(Object.entries(r.properties).filter(([, v]) => v)), updatedAt: (r.updatedAt ?? new Date()).toISOString() })),
      explanations: [],
    })
    .returning({ id: duplicateGroups.id });
  return group!.id;
}

/** Polls a merge until it is no longer queued or running. */
export async function finishedMerge(ctx: TestApp, cookie: string, mergeId: number, timeoutMs = 30_000): Promise<MergeView> {
  const started = Date.now();
  for (;;) {
    const merge = (await ctx.app.inject({ method: 'GET', url: `/api/cleanup/merges/${mergeId}`, headers: { cookie } })).json() as MergeView;
    if (merge.status !== 'queued' && merge.status !== 'running') return merge;
    if (Date.now() - started > timeoutMs) throw new Error(`Merge ${mergeId} still ${merge.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
