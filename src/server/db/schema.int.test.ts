import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../shared/defaults';
import type { Database } from './client';
import { apiUsageQuota, duplicateGroups, plans, scanHistory, userSettings, users } from './schema';
import { createTestDatabase } from '../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function createUser(email: string) {
  const [user] = await database.db.insert(users).values({ username: email, email }).returning();
  return user!;
}

describe('database schema', () => {
  it('seeds the plan catalog of SPEC.md section 9', async () => {
    const rows = await database.db.select().from(plans).orderBy(asc(plans.sortOrder));
    expect(rows.map((p) => [p.name, p.pricePerMonth, p.recordLimit, p.mostPopular])).toEqual([
      ['Starter', 9, 10_000, false],
      ['Professional', 29, 50_000, true],
      ['Enterprise', 199, null, false],
    ]);
  });

  it('gives a new user the defaults of SPEC.md section 3', async () => {
    const user = await createUser('defaults@example.com');
    expect(user).toMatchObject({
      recordQuota: 10_000,
      provider: 'local',
      plan: 'free',
      emailVerified: false,
      isDemo: false,
      isPastTrial: false,
      hasCompletedOnboarding: false,
      isGoogleAccount: false,
    });
    expect(user.createdAt).toBeInstanceOf(Date);
  });

  it('gives new user settings every default', async () => {
    const user = await createUser('settings@example.com');
    const [settings] = await database.db.insert(userSettings).values({ userId: user.id }).returning();
    expect(settings).toMatchObject(SETTINGS_DEFAULTS);
    expect(settings).toMatchObject({
      analysisFrequency: 'weekly',
      digestFrequency: 'instantly',
      maxRecordsLimit: 100,
      ticketsSamplingRate: 100,
      duplicateDetectionSensitivity: 'medium',
      fuzzyMatchingThreshold: 80,
      preferredModel: 'gpt-4o',
      notifyOnHealthScoreChanges: false,
      slackNotifyOnHealthScoreChanges: true,
      rememberOpenaiKey: false,
      aiAssistEnabled: false,
    });
  });

  it('gives the API quota its default limits', async () => {
    const user = await createUser('quota@example.com');
    const [quota] = await database.db.insert(apiUsageQuota).values({ userId: user.id }).returning();
    expect(quota).toMatchObject({ dailyLimit: 10_000, monthlyLimit: 300_000, currentDailyUsage: 0, currentMonthlyUsage: 0 });
  });

  it('refuses a second account with the same email, Google id or API key', async () => {
    await createUser('taken@example.com');
    await expect(createUser('taken@example.com')).rejects.toThrow();
    await database.db.insert(users).values({ username: 'g1', email: 'g1@example.com', googleId: 'google-1', apiKey: 'key-hash-1' });
    await expect(database.db.insert(users).values({ username: 'g2', email: 'g2@example.com', googleId: 'google-1' })).rejects.toThrow();
    await expect(database.db.insert(users).values({ username: 'g3', email: 'g3@example.com', apiKey: 'key-hash-1' })).rejects.toThrow();
  });

  it('allows one settings row per user', async () => {
    const user = await createUser('one-settings@example.com');
    await database.db.insert(userSettings).values({ userId: user.id });
    await expect(database.db.insert(userSettings).values({ userId: user.id })).rejects.toThrow();
  });

  it('stores duplicate groups against a scan, pending by default, and removes them with the user', async () => {
    const user = await createUser('groups@example.com');
    const [scan] = await database.db.insert(scanHistory).values({ userId: user.id, objectType: 'contacts', totalRecords: 2 }).returning();
    expect(scan).toMatchObject({ healthScore: 0, duplicateScore: 0, updateFrequencyScoreComponent: 0 });
    const [group] = await database.db
      .insert(duplicateGroups)
      .values({ userId: user.id, objectType: 'contacts', scanId: scan!.id, matchKey: 'email', records: [{ id: '1' }, { id: '2' }], confidence: 0.97 })
      .returning();
    expect(group!.status).toBe('pending');
    expect(group!.records).toEqual([{ id: '1' }, { id: '2' }]);

    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await database.db.select().from(duplicateGroups).where(eq(duplicateGroups.userId, user.id))).toEqual([]);
  });
});
