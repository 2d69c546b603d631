/**
 * Sends events to the webhook endpoint one at a time, in the order raised, signed as Stripe
 * signs them: `Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256(secret, "<t>.<body>")>`.
 * Events can be held and released later in any order, and any event delivered again.
 */
import { createHmac } from 'node:crypto';
import type { StripeEvent } from './stripe-account';

export interface DeliveryAttempt {
  at: string;
  /** The endpoint's HTTP status; null when it could not be reached. */
  status: number | null;
  error?: string;
}

/** The signature header for a body; the time is the real one, as the SDK checks it against its own clock. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class WebhookDelivery {
  /** Null sends nothing (events are still recorded). */
  endpointUrl: string | null;
  /** While held, new events wait in `pending` instead of being sent. */
  held = false;
  readonly pending: StripeEvent[] = [];
  private readonly attempts = new Map<string, DeliveryAttempt[]>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    endpointUrl: string | null,
    private readonly secret: () => string,
  ) {
    this.endpointUrl = endpointUrl;
  }

  enqueue(event: StripeEvent): void {
    if (this.held) this.pending.push(event);
    else this.send(event);
  }

  /** Sends (again) after everything queued before it. */
  send(event: StripeEvent): void {
    this.queue = this.queue.then(() => this.deliver(event));
  }

  /** Stops holding and sends what waited: in the order raised, or newest first to test out-of-order handling. */
  release(order: 'raised' | 'reverse'): StripeEvent[] {
    this.held = false;
    const events = this.pending.splice(0);
    if (order === 'reverse') events.reverse();
    for (const event of events) this.send(event);
    return events;
  }

  attemptsOf(eventId: string): DeliveryAttempt[] {
    return this.attempts.get(eventId) ?? [];
  }

  /** Resolves once every delivery queued so far has been answered (or failed). */
  idle(): Promise<void> {
    return this.queue;
  }

  reset(): void {
    this.pending.length = 0;
    this.held = false;
    this.attempts.clear();
  }

  private async deliver(event: StripeEvent): Promise<void> {
    if (!this.endpointUrl) return;
    const payload = JSON.stringify(event, null, 2);
    const attempt: DeliveryAttempt = { at: new Date().toISOString(), status: null };
    try {
      const response = await fetch(this.endpointUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', 'stripe-signature': signatureHeader(payload, this.secret()) },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      attempt.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    this.attempts.set(event.id, [...this.attemptsOf(event.id), attempt]);
  }
}
