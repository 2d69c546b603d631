import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CAPABILITIES, type PlanTier } from '../../../shared/plans';
import { users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { startScan } from '../scans';

let ctx: TestApp;
beforeAll(async () => {
  // No workers: queued scans stay queued, so their priority can be read.
  ctx = await startTestApp({ work: false });
});
afterAll(async () => ctx?.stop());

/** An account on each tier, as the plan and trial fields make it. */
const TIERS: Record<string, { plan: string; trialEndsInDays: number; tier: PlanTier }> = {
  'expired trial': { plan: 'free', trialEndsInDays: -1, tier: 'free' },
  trial: { plan: 'free', trialEndsInDays: 10, tier: 'trial' },
  starter: { plan: 'starter', trialEndsInDays: -30, tier: 'starter' },
  professional: { plan: 'professional', trialEndsInDays: -30, tier: 'professional' },
  enterprise: { plan: 'enterprise', trialEndsInDays: -30, tier: 'enterprise' },
};

async function accountOn(name: string): Promise<{ cookie: string; id: number }> {
  const email = `gate-${name.replace(' ', '-')}@example.com`;
  const cookie = await activeUser(ctx, email);
  const { plan, trialEndsInDays } = TIERS[name]!;
  const [row] = await ctx.database.db.update(users).set({ plan, trialEndDate: new Date(Date.now() + trialEndsInDays * 86_400_000) }).where(eq(users.email, email)).returning({ id: users.id });
  return { cookie, id: row!.id };
}

const put = (cookie: string, payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload });

describe('plan gates on the server, for every plan', () => {
  for (const [name, { tier }] of Object.entries(TIERS)) {
    it(`${name}: each gated setting is allowed exactly when the plan table says so`, async () => {
      const { cookie, id } = await accountOn(name);
      const can = PLAN_CAPABILITIES[tier];
      if (tier === 'free') {
        // An ended trial may read its data and export it, but the app's routes send it to /subscribe.
        const refused = await put(cookie, { analysisFrequency: 'weekly' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('TRIAL_EXPIRED');
        const scan = await ctx.app.inject({ method: 'POST', url: '/api/scans', headers: { cookie }, payload: { objectTypes: ['contacts'] } });
        expect(scan.statusCode).toBe(403);
        expect(scan.json().code).toBe('TRIAL_EXPIRED');
        expect(id).toBeGreaterThan(0);
        return;
      }
      const gates: [object, boolean][] = [
        [{ analysisFrequency: 'daily' }, can.dailyScans],
        [{ automaticCleanupEnabled: true }, can.automaticCleanup],
        [{ slackNotifications: true }, can.chatNotifications],
      ];
      for (const [change, allowed] of gates) {
        const response = await put(cookie, change);
        expect(response.statusCode, `${JSON.stringify(change)} on ${name}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(response.json()).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringContaining('Professional') });
      }
      const view = (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json();
      expect(view).toMatchObject({ slackAllowed: can.chatNotifications, weeklyReportAllowed: can.weeklyReports, automaticCleanupAllowed: can.automaticCleanup, schedule: { dailyAllowed: can.dailyScans } });
      const slackTest = await ctx.app.inject({ method: 'POST', url: '/api/settings/notifications/test-slack', headers: { cookie }, payload: {} });
      expect(slackTest.statusCode).toBe(can.chatNotifications ? 400 : 403);

      // Priority processing: the scan job carries the plan's priority.
      const runId = await startScan(ctx.database.db, ctx.queue, id, ['contacts'], 'manual');
      // Both drivers answer { rows }.
      const { rows } = (await ctx.database.db.execute(sql`select priority from pgboss.job where name = 'scan' and data->>'runId' = ${String(runId)}`)) as unknown as { rows: { priority: number }[] };
      const [job] = rows;
      expect(job?.priority).toBe(can.queuePriority);
    });
  }

  it('gives Professional and Enterprise scans a higher priority than Starter, and the record limits of SPEC.md', () => {
    expect(PLAN_CAPABILITIES.professional.queuePriority).toBeGreaterThan(PLAN_CAPABILITIES.starter.queuePriority);
    expect(PLAN_CAPABILITIES.enterprise.queuePriority).toBeGreaterThanOrEqual(PLAN_CAPABILITIES.professional.queuePriority);
    expect([PLAN_CAPABILITIES.starter.recordLimit, PLAN_CAPABILITIES.professional.recordLimit, PLAN_CAPABILITIES.enterprise.recordLimit]).toEqual([10_000, 50_000, null]);
  });
});
