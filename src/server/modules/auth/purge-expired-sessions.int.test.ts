import { expect, it } from 'vitest';
import { knownDevices, rateLimits, sessions, users } from '../../db/schema';
import { pollUntil } from '../../test/poll-until';
import { useTestApp } from '../../test/test-app';
import { purgeExpiredSessions } from './purge-expired-sessions';

// Every second, checked every second, so the schedule itself is exercised within the test.
const ctx = useTestApp({ env: { SESSION_PURGE_CRON: '* * * * * *' }, cronIntervalSeconds: 1 });

async function seedSessions() {
  const [user] = await ctx.database.db.insert(users).values({ username: `u${Math.random()}@x.io`, email: `u${Math.random()}@x.io` }).returning();
  const hour = 3_600_000;
  await ctx.database.db.insert(sessions).values([
    { id: `expired-${user!.id}`, userId: user!.id, expiresAt: new Date(Date.now() - hour) },
    { id: `live-${user!.id}`, userId: user!.id, expiresAt: new Date(Date.now() + hour) },
  ]);
  return user!.id;
}

async function sessionIds() {
  return (await ctx.database.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id).sort();
}

/** Once the job sent by hand has run (seconds alone; far longer beside the whole suite). */
function completed(jobId: string | null) {
  const state = async () => (await ctx.queue.boss.findJobs(purgeExpiredSessions.name, { id: jobId! }))[0]?.state;
  return pollUntil(state, (now) => now === 'completed', 30_000, (now) => `job ${jobId} ${now ?? 'missing'}`, 200);
}

it('runs on its schedule and removes only expired sessions', async () => {
  const userId = await seedSessions();
  // The schedule fires within seconds; a busy machine (the whole suite on 2 cores) can take far longer.
  await pollUntil(sessionIds, (ids) => !ids.includes(`expired-${userId}`), 90_000, (ids) => `sessions ${ids.join(', ')}`, 200);
  expect(await sessionIds()).toContain(`live-${userId}`);
  const schedules = await ctx.queue.boss.getSchedules();
  expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['purge-expired-sessions', '* * * * * *']);
}, 120_000);

it('completes when sent to the queue by hand', async () => {
  const userId = await seedSessions();
  const jobId = await ctx.queue.send(purgeExpiredSessions, {});
  expect(jobId).toEqual(expect.any(String));
  await completed(jobId);
  expect(await sessionIds()).not.toContain(`expired-${userId}`);
  expect(await sessionIds()).toContain(`live-${userId}`);
});

it('drops expired sign-in counters and devices unused for a year, and keeps the rest', async () => {
  const userId = await seedSessions();
  const { db } = ctx.database;
  const yearAndADay = 366 * 86_400_000;
  await db.insert(knownDevices).values([
    { id: `stale-${userId}`, userId, lastUsedAt: new Date(Date.now() - yearAndADay) },
    { id: `recent-${userId}`, userId },
  ]);
  await db.insert(rateLimits).values([
    { key: `ended-${userId}`, points: 3, expire: new Date(Date.now() - 1000) },
    { key: `running-${userId}`, points: 3, expire: new Date(Date.now() + 60_000) },
  ]);
  const jobId = await ctx.queue.send(purgeExpiredSessions, {});
  await completed(jobId);
  const devices = (await db.select({ id: knownDevices.id }).from(knownDevices)).map((d) => d.id);
  expect(devices).toContain(`recent-${userId}`);
  expect(devices).not.toContain(`stale-${userId}`);
  const counters = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((c) => c.key);
  expect(counters).toContain(`running-${userId}`);
  expect(counters).not.toContain(`ended-${userId}`);
});

it('refuses a payload that does not match the job schema', async () => {
  await expect(ctx.queue.send(purgeExpiredSessions, 'everything' as never)).rejects.toThrow();
});
