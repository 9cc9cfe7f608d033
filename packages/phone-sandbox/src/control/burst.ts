import { randomBytes } from 'node:crypto';
import type { InboundResult, Messaging } from '../pstn/messaging';
import type { WebhookAttempt } from '../webhooks/deliver';

export interface BurstRequest {
  /** Phones the texts come from, used in turn. */
  from: string[];
  /** The business number they text. */
  to: string;
  count: number;
  /** Text `i` (0-based) says `${bodyPrefix}${i}`. */
  bodyPrefix: string;
  /** How many deliveries are in flight at once. */
  concurrency: number;
  /** Sandbox extension: wait between retry attempts (Twilio retries at once). */
  retryDelayMs: number;
}

export interface BurstDelivery {
  index: number;
  from: string;
  body: string;
  /** The inbound Message SID (`MessageSid` in the webhook); null until the text is sent. */
  sid: string | null;
  idempotencyToken: string | null;
  /** Every attempt, in order: `{attempt, status, error, duplicate}`. */
  attempts: Omit<WebhookAttempt, 'idempotencyToken'>[];
  /** True when some attempt was answered with HTTP 200 (what "the app accepted it" means). */
  answered200: boolean;
  /** The final answer: `ok` (2xx), `failed` (4xx/5xx or unreachable after retries), `pending`. */
  outcome: 'pending' | 'ok' | 'failed' | 'no-webhook';
}

export interface BurstReport {
  id: string;
  to: string;
  total: number;
  done: boolean;
  completed: number;
  answered200: number;
  failed: number;
  deliveries: BurstDelivery[];
}

interface Burst {
  report: BurstReport;
  finished: Promise<void>;
}

/**
 * Many inbound texts at once: each is a real, signed SMS webhook with its own idempotency token,
 * retried as the SMS URL's connection overrides say, and each delivery's answers are recorded.
 */
export class BurstRunner {
  private readonly bursts = new Map<string, Burst>();

  constructor(private readonly messaging: Messaging) {}

  start(request: BurstRequest): BurstReport {
    const id = `BU${randomBytes(8).toString('hex')}`;
    const deliveries: BurstDelivery[] = Array.from({ length: request.count }, (_, index) => ({
      index,
      from: request.from[index % request.from.length] ?? '',
      body: `${request.bodyPrefix}${index}`,
      sid: null,
      idempotencyToken: null,
      attempts: [],
      answered200: false,
      outcome: 'pending',
    }));
    const report: BurstReport = {
      id,
      to: request.to,
      total: request.count,
      done: false,
      completed: 0,
      answered200: 0,
      failed: 0,
      deliveries,
    };
    let next = 0;
    const worker = async () => {
      for (;;) {
        const delivery = deliveries[next];
        next += 1;
        if (!delivery) return;
        await this.deliver(request, report, delivery);
      }
    };
    const workers = Array.from(
      { length: Math.max(1, Math.min(request.concurrency, request.count)) },
      worker,
    );
    const finished = Promise.all(workers).then(() => {
      report.done = true;
    });
    this.bursts.set(id, { report, finished });
    return report;
  }

  get(id: string): BurstReport | undefined {
    return this.bursts.get(id)?.report;
  }

  async wait(id: string): Promise<BurstReport | undefined> {
    const burst = this.bursts.get(id);
    if (!burst) return undefined;
    await burst.finished;
    return burst.report;
  }

  list(): BurstReport[] {
    return [...this.bursts.values()].map((b) => b.report);
  }

  clear(): void {
    this.bursts.clear();
  }

  private async deliver(request: BurstRequest, report: BurstReport, delivery: BurstDelivery) {
    let result: InboundResult | null = null;
    try {
      result = await this.messaging.receiveInbound(delivery.from, request.to, delivery.body, {
        retryDelayMs: request.retryDelayMs,
        onCreated: (message) => {
          delivery.sid = message.sid;
        },
        onAttempt: ({ idempotencyToken, ...attempt }) => {
          delivery.idempotencyToken = idempotencyToken;
          delivery.attempts.push(attempt);
          if (attempt.status === 200) delivery.answered200 = true;
        },
      });
    } catch {
      result = null;
    }
    delivery.outcome = !result
      ? 'failed'
      : result.webhook === null
        ? 'no-webhook'
        : result.webhook.ok
          ? 'ok'
          : 'failed';
    report.completed += 1;
    if (delivery.answered200) report.answered200 += 1;
    if (delivery.outcome === 'failed') report.failed += 1;
  }
}
