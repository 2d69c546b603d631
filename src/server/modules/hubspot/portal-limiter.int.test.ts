import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { pollUntil } from '../../test/poll-until';
import { createTestDatabase } from '../../test/test-database';
import { portalLimiter, type PortalLimiter } from './portal-limiter';

let database: Database;
let portals = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Limiters of one new portal, as separate processes would hold them, its window `capacity` requests in `intervalMs`. */
async function limitersOfOnePortal(count: number, capacity: number, intervalMs: number): Promise<PortalLimiter[]> {
  const key = `portal-${++portals}`;
  const limiters = Array.from({ length: count }, () => portalLimiter(database.db, key, 'private_app'));
  // The first response tells the window's size, as HubSpot's headers do.
  await limiters[0]!.acquire('standard');
  await limiters[0]!.observe({ 'x-hubspot-ratelimit-max': String(capacity), 'x-hubspot-ratelimit-interval-milliseconds': String(intervalMs) });
  return limiters;
}

/** How many of these acquisitions are through once at least `count` are (a busy machine takes seconds). */
async function grantedOnceAtLeast(acquisitions: Promise<void>[], count: number): Promise<number> {
  let granted = 0;
  for (const acquisition of acquisitions) void acquisition.then(() => granted++);
  return pollUntil(async () => granted, (now) => now >= count, 8_000, (now) => `${now} of ${acquisitions.length} granted`, 20);
}

describe('a portal limiter', () => {
  it('gives the limiters of one portal one window between them, never more than HubSpot allows', async () => {
    // A window longer than granting nine can take on a busy machine: a tenth before it ends would be one too many.
    const limiters = await limitersOfOnePortal(3, 10, 10_000);
    // One slot is gone already (the request that read the headers): 16 callers race for 9.
    const acquisitions = Array.from({ length: 16 }, (_, i) => limiters[i % 3]!.acquire('standard'));
    expect(await grantedOnceAtLeast(acquisitions, 9)).toBe(9);
    // The rest go once the first requests have left the window.
    await Promise.all(acquisitions);
  });

  it('lets the next request go once the oldest has left the window', async () => {
    const [first, second] = await limitersOfOnePortal(2, 2, 1_500);
    const started = Date.now();
    await first!.acquire('standard');
    await second!.acquire('standard');
    // Both slots were taken within the last 1.5 s: the third waits for the first to expire.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
  });

  it('keeps searches to their own window of 5 a second beside the standard one', async () => {
    const [limiter] = await limitersOfOnePortal(1, 1, 60_000);
    const searches = Array.from({ length: 8 }, () => limiter!.acquire('search'));
    const started = Date.now();
    await Promise.all(searches);
    // Five went at once, three more once the first second was over; the spent standard window held none back.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('holds every limiter of the portal after a 429, for as long as Retry-After says', async () => {
    const [hit, other] = await limitersOfOnePortal(2, 100, 10_000);
    const started = Date.now();
    await hit!.backOff('standard', { 'retry-after': '2' });
    await other!.acquire('standard');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    // HubSpot's word, not our guess of its window (10 s here), says when to go again.
    expect(Date.now() - started).toBeLessThan(9_000);
  });

  it('after a 429 without Retry-After, holds requests until the oldest leaves the window', async () => {
    const [hit, other] = await limitersOfOnePortal(2, 100, 1_500);
    const started = Date.now();
    await hit!.backOff('standard');
    await other!.acquire('standard');
    // The request that read the headers left the window 1.5 s after it was sent.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });
});
