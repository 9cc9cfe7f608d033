import { newIdempotencyToken } from '../ids';
import type { SandboxLogger } from '../options';
import {
  type ConnectionOverrides,
  parseWebhookUrl,
  type RetryCondition,
} from './connection-overrides';
import { signWebhook } from './signature';

export interface WebhookResult {
  ok: boolean;
  status: number | null;
  body: string;
  contentType: string;
  attempts: number;
  /** The `I-Twilio-Idempotency-Token` every attempt of this delivery carried. */
  idempotencyToken: string;
}

/** One attempt of a delivery: the HTTP status the app answered, or why there was none. */
export interface WebhookAttempt {
  attempt: number;
  status: number | null;
  /** `ct`/`rt` when nothing usable came back; `duplicate` for a fault-injected repeat. */
  error: 'ct' | 'rt' | null;
  duplicate: boolean;
  idempotencyToken: string;
}

export interface SendOptions {
  /** Sandbox extension: wait this long between attempts (Twilio retries at once). */
  retryDelayMs?: number;
  /** Called after every attempt (including a fault-injected duplicate). */
  onAttempt?(attempt: WebhookAttempt): void;
  /** Use this idempotency token instead of a new one. */
  idempotencyToken?: string;
}

export interface WebhookSender {
  /** POST (or GET) `params` to `rawUrl`, signed, retrying as the URL's connection overrides say. */
  send(
    rawUrl: string,
    params: Record<string, string>,
    method?: string,
    options?: SendOptions,
  ): Promise<WebhookResult>;
}

/** Where the sender takes injected faults from (the control API's `FaultInjector`). */
export interface WebhookFaultSource {
  takeWebhook(url: string): { kind: 'unreachable' | 'timeout' | 'duplicate' } | null;
}

export interface WebhookSenderDeps {
  authToken: string;
  fetch: typeof fetch;
  logger: SandboxLogger;
  faults?: WebhookFaultSource;
}

class TimeoutError extends Error {
  constructor(readonly condition: 'ct' | 'rt') {
    super(condition === 'ct' ? 'connect timeout' : 'read timeout');
  }
}

export function createWebhookSender(deps: WebhookSenderDeps): WebhookSender {
  return {
    async send(rawUrl, params, method = 'POST', options = {}) {
      const { url, overrides } = parseWebhookUrl(rawUrl);
      const isGet = method.toUpperCase() === 'GET';
      const target = isGet ? withQuery(url, params) : url;
      // Twilio signs the URL it requests; for GET the parameters are in that URL.
      const signature = signWebhook(deps.authToken, target, isGet ? {} : params);
      // One token for every attempt of this delivery, so the app can drop duplicates.
      const idempotencyToken = options.idempotencyToken ?? newIdempotencyToken();
      const headers = {
        'X-Twilio-Signature': signature,
        'I-Twilio-Idempotency-Token': idempotencyToken,
      };
      const report = (
        attempt: number,
        status: number | null,
        error: 'ct' | 'rt' | null,
        duplicate = false,
      ) => options.onAttempt?.({ attempt, status, error, duplicate, idempotencyToken });
      const started = Date.now();
      let attempts = 0;
      for (;;) {
        if (attempts > 0 && options.retryDelayMs) await sleep(options.retryDelayMs);
        attempts += 1;
        let condition: RetryCondition | null = null;
        const fault = deps.faults?.takeWebhook(url) ?? null;
        try {
          if (fault?.kind === 'unreachable') throw new TimeoutError('ct');
          const response = await attempt(deps.fetch, target, isGet, params, overrides, headers);
          const body = await response.text();
          if (fault?.kind === 'timeout') throw new TimeoutError('rt');
          report(attempts, response.status, null);
          const result: WebhookResult = {
            ok: response.ok,
            status: response.status,
            body,
            contentType: response.headers.get('content-type') ?? '',
            attempts,
            idempotencyToken,
          };
          if (response.ok) {
            if (fault?.kind === 'duplicate') {
              try {
                const again = await attempt(deps.fetch, target, isGet, params, overrides, headers);
                await again.text();
                report(attempts + 1, again.status, null, true);
              } catch (error) {
                report(
                  attempts + 1,
                  null,
                  error instanceof TimeoutError ? error.condition : 'ct',
                  true,
                );
              }
            }
            return result;
          }
          condition = response.status >= 500 ? '5xx' : response.status >= 400 ? '4xx' : null;
          if (!shouldRetry(condition, overrides, attempts, started)) {
            deps.logger.warn('webhook failed', { url, status: response.status, attempts });
            return result;
          }
        } catch (error) {
          condition = error instanceof TimeoutError ? error.condition : 'ct';
          report(attempts, null, condition === 'rt' ? 'rt' : 'ct');
          if (!shouldRetry(condition, overrides, attempts, started)) {
            deps.logger.warn('webhook unreachable', { url, error: String(error), attempts });
            return {
              ok: false,
              status: null,
              body: '',
              contentType: '',
              attempts,
              idempotencyToken,
            };
          }
        }
      }
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function shouldRetry(
  condition: RetryCondition | null,
  overrides: ConnectionOverrides,
  attempts: number,
  started: number,
): boolean {
  if (condition === null || !overrides.retryPolicy.has(condition)) return false;
  if (attempts > overrides.retryCount) return false;
  return Date.now() - started < overrides.totalTimeoutMs;
}

async function attempt(
  fetchImpl: typeof fetch,
  url: string,
  isGet: boolean,
  params: Record<string, string>,
  overrides: ConnectionOverrides,
  headers: Record<string, string>,
): Promise<Response> {
  const controller = new AbortController();
  let phase: 'ct' | 'rt' = 'ct';
  const timer = setTimeout(
    () => controller.abort(new TimeoutError(phase)),
    overrides.connectTimeoutMs + overrides.readTimeoutMs,
  );
  // fetch cannot tell connecting from waiting, so the read timeout starts after the connect budget.
  const phaseTimer = setTimeout(() => {
    phase = 'rt';
  }, overrides.connectTimeoutMs);
  try {
    return await fetchImpl(url, {
      method: isGet ? 'GET' : 'POST',
      headers: {
        ...headers,
        'User-Agent': 'TwilioProxy/1.1',
        Accept: '*/*',
        ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' }),
      },
      body: isGet ? undefined : new URLSearchParams(params).toString(),
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof TimeoutError) {
      throw controller.signal.reason;
    }
    throw error;
  } finally {
    clearTimeout(timer);
    clearTimeout(phaseTimer);
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  if (query === '') return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}
