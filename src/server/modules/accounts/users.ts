import { randomUUID } from 'node:crypto';
import { TransactionRollbackError, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type NewUser, type User } from '../../db/schema';
import { trialDates, trialStatus } from './trial';

/** Emails are stored lower-cased, so one person cannot hold two accounts by case alone. */
export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** A new account: free plan, 14-day trial from now, email not yet verified. */
export async function createUser(db: Db, values: Omit<NewUser, 'username' | 'trialStartDate' | 'trialEndDate'>): Promise<User> {
  const email = values.email.trim().toLowerCase();
  const [user] = await db
    .insert(users)
    .values({ ...values, email, username: email, ...trialDates(new Date()) })
    .returning();
  return user!;
}

export function createLocalUser(db: Db, email: string, passwordHash: string): Promise<User> {
  return createUser(db, { email, password: passwordHash, provider: 'local' });
}

/**
 * The account createLocalUser would make for an address, without keeping it: inserted and
 * rolled back, so its id, dates and defaults are exactly a new account's. Registration with
 * a taken address answers with it, so the answer tells nobody the address was taken.
 */
export async function unsavedLocalUser(db: Db, email: string, passwordHash: string): Promise<User> {
  let user: User | undefined;
  try {
    await db.transaction(async (tx) => {
      user = await createLocalUser(tx, `${randomUUID()}@unsaved.invalid`, passwordHash);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  const address = email.trim().toLowerCase();
  return { ...user!, email: address, username: address };
}

/** isPastTrial is stored once the trial ends, so reports and billing can query it. */
export async function markPastTrial(db: Db, user: User): Promise<User> {
  const past = trialStatus(user).shouldRedirectToPayment;
  if (past === user.isPastTrial) return user;
  const [updated] = await db.update(users).set({ isPastTrial: past, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}
