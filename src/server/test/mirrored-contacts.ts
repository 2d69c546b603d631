import { eq } from 'drizzle-orm';
import { crmConnections, crmRecords, users } from '../db/schema';
import { activeUser } from './accounts';
import type { TestApp } from './test-app';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Radia', 'Ken'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Perlman', 'Thompson'];

export interface MirrorOptions {
  count: number;
  /** Records 0..pairs-1 are duplicated by records pairs..2*pairs-1 (first name in capitals). */
  pairs: number;
  hubspotId: (i: number) => string;
  updatedAt: (i: number) => Date | null;
  createdAt: Date;
  hubId?: string;
}

/**
 * A signed-up user with a connection and a mirror of contacts written straight to the
 * database (no sync): `pairs` pairs of duplicates, a third of them without a phone.
 */
export async function mirroredContacts(ctx: TestApp, email: string, options: MirrorOptions): Promise<{ connectionId: number; hubId: string | null; userId: number }> {
  await activeUser(ctx, email);
  const db = ctx.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [connection] = await db
    .insert(crmConnections)
    .values({ userId: user!.id, hubDomain: 'mirror.hubspot.com', ...(options.hubId ? { hubId: options.hubId, isConnected: true } : {}) })
    .returning();
  const { pairs } = options;
  const rows = Array.from({ length: options.count }, (_, i) => {
    const person = i < 2 * pairs ? i % pairs : i;
    const first = FIRST[person % 10]!;
    const last = `${LAST[Math.floor(person / 10) % 10]!}${Math.floor(person / 100)}`;
    return {
      connectionId: connection!.id,
      userId: user!.id,
      objectType: 'contacts',
      hubspotId: options.hubspotId(i),
      properties: { firstname: i >= pairs && i < 2 * pairs ? first.toUpperCase() : first, lastname: last, email: `${first}.${last}@example.com`.toLowerCase(), phone: i % 3 === 0 ? null : `+1 415 555 ${String(1000 + person).slice(-4)}`, city: 'Boston' },
      hubspotCreatedAt: options.createdAt,
      hubspotUpdatedAt: options.updatedAt(i),
    };
  });
  for (let at = 0; at < rows.length; at += 500) await db.insert(crmRecords).values(rows.slice(at, at + 500));
  return { connectionId: connection!.id, hubId: connection!.hubId, userId: user!.id };
}
