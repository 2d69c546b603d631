/**
 * How fast finished scans become notices, and notices reach people: USERS accounts (email on,
 * every other one with Slack too) each finish a four-type scan run; the dispatcher turns their
 * outbox events into deliveries, then every delivery is sent through the delivery job's code
 * to a loopback SMTP server and the Slack sandbox, DELIVERY_CONCURRENCY at a time.
 * Prints events dispatched a second and notices sent a second, with the latency percentiles.
 *
 * BENCH_USERS (default 500), BENCH_CONCURRENCY (default 8), DATABASE_URL for a server
 * instead of the embedded database. Run: npm run bench:notifications
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { OBJECT_TYPES } from '../src/shared/object-types';
import { loadConfig } from '../src/server/config';
import { notificationDeliveries, scanHistory, scanRuns, userSettings, users } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { deliverNotification, dispatchEvents, recordScanEvents } from '../src/server/modules/notifications';
import { startRuntime } from '../src/server/runtime';
import { secretBoxFor } from '../src/server/security/secret-box';
import { startSmtpServer } from '../src/server/test/smtp-server';
import { startSlackSandbox } from '../tools/slack-sandbox/sandbox';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const smtp = await startSmtpServer();
const slack = await startSlackSandbox();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-bench-notifications-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  RUN_WORKERS: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  SLACK_API_URL: slack.apiUrl,
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
});
const log = createLogger(config);
const runtime = await startRuntime(config, log, { work: false });
const db = runtime.database.db;
const context = { db, config, log, queue: runtime.queue };
const box = await secretBoxFor(config);

// The accounts and their finished runs, written as scans write them (events with the results).
const made = await db
  .insert(users)
  .values(Array.from({ length: USERS }, (_, i) => ({ email: `bench-${i}@example.com`, username: `bench-${i}@example.com`, emailVerified: true, plan: 'professional' })))
  .returning({ id: users.id });
await db.insert(userSettings).values(made.filter((_, i) => i % 2 === 0).map(({ id }) => ({ userId: id, slackNotifications: true, slackBotToken: box.seal(slack.botToken), slackChannel: '#crm-alerts' })));
for (const { id } of made) {
  const [run] = await db.insert(scanRuns).values({ userId: id, objectTypes: [...OBJECT_TYPES], status: 'completed', finishedAt: new Date() }).returning({ id: scanRuns.id });
  await db.transaction(async (tx) => {
    for (const objectType of OBJECT_TYPES) {
      const [row] = await tx.insert(scanHistory).values({ userId: id, runId: run!.id, objectType, healthScore: 72, totalRecords: 5_000 }).returning({ id: scanHistory.id });
      await recordScanEvents(tx, { userId: id, runId: run!.id, scanId: row!.id, objectType, totalRecords: 5_000, duplicateRecords: 120, healthScore: 72, duplicateGroups: 50, newGroupSizes: objectType === 'contacts' ? [2, 2, 3] : [], scannedAt: new Date() });
    }
  });
}

const started = performance.now();
const ids = await dispatchEvents(context);
const dispatchMs = performance.now() - started;
const events = USERS * (OBJECT_TYPES.length + 1);
console.log(`dispatch: ${events} events of ${USERS} runs -> ${ids.length} deliveries in ${(dispatchMs / 1000).toFixed(2)} s (${Math.round(events / (dispatchMs / 1000))} events/s)`);

const latencies: number[] = [];
const queue = [...ids];
const sending = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const one = performance.now();
      const status = await deliverNotification(context, id);
      if (status !== 'sent') throw new Error(`delivery ${id} ended ${status}`);
      latencies.push(performance.now() - one);
    }
  }),
);
const sendMs = performance.now() - sending;
const sorted = latencies.sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
const sent = await db.select({ channel: notificationDeliveries.channel }).from(notificationDeliveries).where(inArray(notificationDeliveries.id, ids));
console.log(
  `delivery: ${ids.length} notices (${sent.filter((s) => s.channel === 'email').length} emails, ${sent.filter((s) => s.channel === 'slack').length} Slack) in ${(sendMs / 1000).toFixed(2)} s, ` +
    `${Math.round(ids.length / (sendMs / 1000))} notices/s at concurrency ${CONCURRENCY}; per notice p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms`,
);
console.log(`received: ${smtp.received.length} emails, ${slack.messages('#crm-alerts').length} Slack messages`);

await runtime.stop();
await smtp.close();
await slack.close();
await fs.rm(dataDir, { recursive: true, force: true });
