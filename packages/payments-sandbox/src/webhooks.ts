import { createHmac } from 'node:crypto';
import type { StripeEvent } from './engine';

/** `Stripe-Signature` as Stripe writes it: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export type Delivery = {
  eventId: string;
  type: string;
  attempts: number;
  /** pending (waiting or held), delivered, or failed for good after the last retry. */
  status: 'pending' | 'delivered' | 'failed';
  lastStatus: number | null;
  nextAttemptAt: number | null;
};

export type WebhookEndpoint = { url: string; secret: string };

/**
 * Sends every event to the app's endpoint, signed, in order of creation, and retries a failure
 * with exponential backoff (Stripe retries for days; here `retryBaseMs` × 2ⁿ, up to
 * `maxAttempts`). Tests can hold deliveries, delay them, and flush them.
 */
export class WebhookSender {
  private readonly deliveries = new Map<string, Delivery>();
  private readonly payloads = new Map<string, StripeEvent>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private held = false;
  private delayMs = 0;
  private closed = false;

  constructor(
    private readonly endpoint: WebhookEndpoint | null,
    private readonly options: {
      now: () => number;
      retryBaseMs: number;
      maxAttempts: number;
      warn: (message: string) => void;
    },
  ) {}

  enqueue(event: StripeEvent) {
    if (!this.endpoint || this.closed) return;
    this.deliveries.set(event.id, {
      eventId: event.id,
      type: event.type,
      attempts: 0,
      status: 'pending',
      lastStatus: null,
      nextAttemptAt: this.options.now() + this.delayMs,
    });
    this.payloads.set(event.id, event);
    if (!this.held) this.schedule(event.id, this.delayMs);
  }

  /** Hold (or release) deliveries; a delay applies to each first attempt from now on. */
  configure({ hold, delayMs }: { hold?: boolean; delayMs?: number }) {
    if (delayMs !== undefined) this.delayMs = Math.max(0, delayMs);
    if (hold === true) this.held = true;
    if (hold === false && this.held) {
      this.held = false;
      for (const d of this.deliveries.values())
        if (d.status === 'pending') this.schedule(d.eventId, 0);
    }
  }

  /** Every pending delivery now (held or waiting for a retry), awaited. */
  async flush() {
    const pending = [...this.deliveries.values()].filter((d) => d.status === 'pending');
    for (const d of pending) await this.attempt(d.eventId);
  }

  list(): Delivery[] {
    return [...this.deliveries.values()];
  }

  /** Deliveries not yet made (to save with the state and resume after a restart). */
  pendingEvents(): StripeEvent[] {
    return [...this.deliveries.values()]
      .filter((d) => d.status === 'pending')
      .flatMap((d) => this.payloads.get(d.eventId) ?? []);
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(eventId: string, delay: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(eventId);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(eventId: string) {
    const delivery = this.deliveries.get(eventId);
    const event = this.payloads.get(eventId);
    if (!delivery || !event || !this.endpoint || delivery.status !== 'pending' || this.closed)
      return;
    delivery.attempts += 1;
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(this.options.now() / 1000);
    let status = 0;
    try {
      const response = await fetch(this.endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(payload, this.endpoint.secret, timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = 0;
    }
    delivery.lastStatus = status || null;
    if (status >= 200 && status < 300) {
      delivery.status = 'delivered';
      delivery.nextAttemptAt = null;
      this.payloads.delete(eventId);
      return;
    }
    if (delivery.attempts >= this.options.maxAttempts) {
      delivery.status = 'failed';
      delivery.nextAttemptAt = null;
      this.options.warn(
        `webhook ${event.type} ${event.id} failed ${delivery.attempts} times; giving up`,
      );
      return;
    }
    const wait = this.options.retryBaseMs * 2 ** (delivery.attempts - 1);
    delivery.nextAttemptAt = this.options.now() + wait;
    if (!this.held) this.schedule(eventId, wait);
  }
}
