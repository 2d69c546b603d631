import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, users } from '../../db/schema';
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

beforeAll(async () => {
  if (!postgresServerUrl) return;
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

    env.startWorker(smtpEnv);
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
  });
});
