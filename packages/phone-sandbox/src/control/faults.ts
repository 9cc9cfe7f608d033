/**
 * Fault injection for tests: the control API arms faults; the REST API and the webhook sender take
 * them. Each fault fires for the next `count` matching requests (or webhook attempts), then is
 * spent.
 */

export interface RestFaultSpec {
  /** `error`: answer with a Twilio error JSON; `hang`: wait `delayMs`, then answer. */
  kind: 'error' | 'hang';
  /** `before` (default): the request is not processed (an error) or waits before it is. `after`:
   * the request is processed (e.g. the message IS created) and only the answer fails or waits. */
  when: 'before' | 'after';
  count: number;
  /** HTTP method to match (`POST`); any when absent. */
  method: string | null;
  /**
   * Resource to match, as in the path after `/Accounts/{AC}/`: `Messages.json` matches only the
   * list/create; `Messages` matches the list and every `Messages/{SM}.json`. Any when absent.
   */
  resource: string | null;
  /**
   * Only requests whose `To` parameter is this number (E.164); any when absent. Lets a test fault
   * its own text while other senders (automations, other tests) use the same carrier.
   */
  to: string | null;
  /** For `error`: the HTTP status (default 500). */
  status: number;
  /** For `hang`: how long (default 30 000 ms). */
  delayMs: number;
}

export interface WebhookFaultSpec {
  /**
   * `unreachable`: the attempt is not sent and counts as a connection failure (`ct`).
   * `timeout`: the attempt is sent (the app sees it) but its answer is ignored and it counts as a
   * read timeout (`rt`). Both are retried only as the URL's connection overrides allow.
   * `duplicate`: the delivery succeeds, then the identical request (same body, signature and
   * idempotency token) is sent once more, as when Twilio retries a delivery whose answer it lost.
   */
  kind: 'unreachable' | 'timeout' | 'duplicate';
  count: number;
  /** Only webhook URLs containing this string; any when absent. */
  urlContains: string | null;
}

interface Armed<T> {
  id: number;
  spec: T;
  remaining: number;
  fired: number;
}

export interface FaultView<T> {
  id: number;
  spec: T;
  remaining: number;
  fired: number;
}

export class FaultInjector {
  private nextId = 1;
  private rest: Armed<RestFaultSpec>[] = [];
  private webhook: Armed<WebhookFaultSpec>[] = [];

  addRest(spec: RestFaultSpec): FaultView<RestFaultSpec> {
    const armed = { id: this.nextId++, spec, remaining: spec.count, fired: 0 };
    this.rest.push(armed);
    return { ...armed };
  }

  addWebhook(spec: WebhookFaultSpec): FaultView<WebhookFaultSpec> {
    const armed = { id: this.nextId++, spec, remaining: spec.count, fired: 0 };
    this.webhook.push(armed);
    return { ...armed };
  }

  /** The fault (if any) for this REST request; consumes one of its count. */
  takeRest(method: string, path: string, to: string | null = null): RestFaultSpec | null {
    const found = this.rest.find(
      (f) =>
        f.remaining > 0 &&
        (f.spec.method === null || f.spec.method.toUpperCase() === method.toUpperCase()) &&
        (f.spec.resource === null || resourceMatches(f.spec.resource, path)) &&
        (f.spec.to === null || f.spec.to === to),
    );
    if (!found) return null;
    found.remaining -= 1;
    found.fired += 1;
    return found.spec;
  }

  /** The fault (if any) for this webhook attempt; consumes one of its count. */
  takeWebhook(url: string): WebhookFaultSpec | null {
    const found = this.webhook.find(
      (f) => f.remaining > 0 && (f.spec.urlContains === null || url.includes(f.spec.urlContains)),
    );
    if (!found) return null;
    found.remaining -= 1;
    found.fired += 1;
    return found.spec;
  }

  list(): { rest: FaultView<RestFaultSpec>[]; webhooks: FaultView<WebhookFaultSpec>[] } {
    return {
      rest: this.rest.map((f) => ({ ...f })),
      webhooks: this.webhook.map((f) => ({ ...f })),
    };
  }

  clear(): void {
    this.rest = [];
    this.webhook = [];
  }
}

/** `Messages.json` matches exactly; `Messages` matches `Messages.json` and `Messages/…`. */
function resourceMatches(resource: string, path: string): boolean {
  if (path === resource) return true;
  if (resource.endsWith('.json')) return false;
  return path === `${resource}.json` || path.startsWith(`${resource}/`);
}
