import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackSandbox, type SlackSandbox } from '../../../../tools/slack-sandbox/sandbox';
import { notificationDeliveries, userSettings, users } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';
import { NEEDS_POSTGRES_SERVER, postgresServerUrl } from '../../test/database-urls';
import { pollUntil } from '../../test/poll-until';
import { startSmtpServer, type ReceivedEmail } from '../../test/smtp-server';
import { useWorkerProcesses } from '../../test/worker-processes';
import { queueDelivery } from './deliver-notification';

const ENCRYPTION_KEY = 'ef'.repeat(32);
const env = useWorkerProcesses({ portals: [{ portalId: 941, contacts: 2, companies: 1, deals: 1, tickets: 1, seed: 41 }], rateLimits: false }, ENCRYPTION_KEY);

/** The SMTP server holds the first message unanswered until told; only answered messages count as accepted. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const accepted: ReceivedEmail[] = [];
let holdNext = true;
let arrived: () => void;
const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
let refuseHeld: (error: Error) => void;
let slack: SlackSandbox;

beforeAll(async () => {
  if (!postgresServerUrl) return;
  slack = await startSlackSandbox();
  smtp = await startSmtpServer({
    onMessage: async (email) => {
      if (holdNext) {
        holdNext = false;
        arrived();
        // The sender dies while waiting: the message was never acknowledged, so it was not delivered.
        await new Promise<void>((_resolve, reject) => (refuseHeld = reject));
      }
      accepted.push(email);
    },
  });
});
afterAll(async () => {
  refuseHeld?.(new Error('test over'));
  await smtp?.close();
  await slack?.close();
});

describe.skipIf(!postgresServerUrl)(`a worker process killed mid-delivery ${NEEDS_POSTGRES_SERVER}`, () => {
  it('leaves the delivery to the next worker, which sends it once: nothing doubled, nothing lost', async () => {
    const ctx = env.app;
    const [user] = await ctx.database.db.insert(users).values({ email: 'killed-mid-send@example.com', username: 'killed-mid-send@example.com', emailVerified: true }).returning();
    const [delivery] = await ctx.database.db
      .insert(notificationDeliveries)
      .values({ userId: user!.id, channel: 'email', kind: 'test', idempotencyKey: 'test:killed-mid-send', target: 'killed-mid-send@example.com', subject: 'Test email from DataCleaner' })
      .returning();
    const smtpEnv = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    await queueDelivery(ctx.queue, delivery!.id);

    const first = env.startWorker(smtpEnv);
    await firstArrived;
    const sending = await ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery!.id));
    expect(sending[0]).toMatchObject({ status: 'sending', attempts: 1 });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    refuseHeld(new Error('the sender went away'));

    const second = env.startWorker(smtpEnv);
    const [sent] = await pollUntil(
      () => ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery!.id)),
      ([row]) => row?.status === 'sent' || row?.status === 'failed',
      120_000,
      ([row]) => `delivery ${row?.status} after ${row?.attempts} attempts`,
      250,
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, errorMessage: null });
    const mine = accepted.filter((m) => m.to.includes('killed-mid-send@example.com'));
    expect(mine).toHaveLength(1);
    // Both attempts carried one Message-ID: a mail system that got the first would drop the second.
    const ids = smtp.received.filter((m) => m.to.includes('killed-mid-send@example.com')).map((m) => /^Message-ID: (\S+)/im.exec(m.raw)?.[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(sent!.providerId);
    second.kill('SIGKILL');
    await new Promise((resolve) => second.once('exit', resolve));
  });

  it('finds the Slack message a killed worker posted, instead of posting it again', async () => {
    const ctx = env.app;
    const [user] = await ctx.database.db.insert(users).values({ email: 'killed-mid-post@example.com', username: 'killed-mid-post@example.com', emailVerified: true, plan: 'professional' }).returning();
    const box = await secretBoxFor(ctx.config);
    await ctx.database.db.insert(userSettings).values({ userId: user!.id, slackNotifications: true, slackBotToken: box.seal(slack.botToken), slackChannel: '#crm-alerts' });
    const [delivery] = await ctx.database.db
      .insert(notificationDeliveries)
      .values({ userId: user!.id, channel: 'slack', kind: 'test', idempotencyKey: 'test:killed-mid-post', target: '#crm-alerts', subject: 'Test message from DataCleaner' })
      .returning();
    const slackEnv = { SLACK_API_URL: slack.apiUrl };
    const ours = () => slack.messages('#crm-alerts').filter((m) => (m.metadata?.event_payload as { key?: string } | undefined)?.key === 'test:killed-mid-post');
    // Slack posts the message but its answer never reaches the worker, which dies waiting.
    slack.fail({ method: 'chat.postMessage', kind: 'hang' });
    await queueDelivery(ctx.queue, delivery!.id);
    const first = env.startWorker(slackEnv);
    await pollUntil(async () => ours().length, (n) => n === 1, 60_000, (n) => `${n} messages`, 100);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    slack.release();

    env.startWorker(slackEnv);
    const [sent] = await pollUntil(
      () => ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery!.id)),
      ([row]) => row?.status === 'sent' || row?.status === 'failed',
      120_000,
      ([row]) => `delivery ${row?.status} after ${row?.attempts} attempts: ${row?.errorMessage}`,
      250,
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(ours()).toHaveLength(1);
    expect(sent!.providerId).toBe(ours()[0]!.ts);
  });
});
