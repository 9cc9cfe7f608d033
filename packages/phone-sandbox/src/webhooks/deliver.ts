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
}

export interface WebhookSender {
  /** POST (or GET) `params` to `rawUrl`, signed, retrying as the URL's connection overrides say. */
  send(rawUrl: string, params: Record<string, string>, method?: string): Promise<WebhookResult>;
}

export interface WebhookSenderDeps {
  authToken: string;
  fetch: typeof fetch;
  logger: SandboxLogger;
}

class TimeoutError extends Error {
  constructor(readonly condition: 'ct' | 'rt') {
    super(condition === 'ct' ? 'connect timeout' : 'read timeout');
  }
}

export function createWebhookSender(deps: WebhookSenderDeps): WebhookSender {
  return {
    async send(rawUrl, params, method = 'POST') {
      const { url, overrides } = parseWebhookUrl(rawUrl);
      const isGet = method.toUpperCase() === 'GET';
      const target = isGet ? withQuery(url, params) : url;
      // Twilio signs the URL it requests; for GET the parameters are in that URL.
      const signature = signWebhook(deps.authToken, target, isGet ? {} : params);
      // One token for every attempt of this delivery, so the app can drop duplicates.
      const idempotencyToken = newIdempotencyToken();
      const started = Date.now();
      let attempts = 0;
      for (;;) {
        attempts += 1;
        let condition: RetryCondition | null = null;
        try {
          const response = await attempt(deps.fetch, target, isGet, params, overrides, {
            'X-Twilio-Signature': signature,
            'I-Twilio-Idempotency-Token': idempotencyToken,
          });
          const body = await response.text();
          const result: WebhookResult = {
            ok: response.ok,
            status: response.status,
            body,
            contentType: response.headers.get('content-type') ?? '',
            attempts,
          };
          if (response.ok) return result;
          condition = response.status >= 500 ? '5xx' : response.status >= 400 ? '4xx' : null;
          if (!shouldRetry(condition, overrides, attempts, started)) {
            deps.logger.warn('webhook failed', { url, status: response.status, attempts });
            return result;
          }
        } catch (error) {
          condition = error instanceof TimeoutError ? error.condition : 'ct';
          if (!shouldRetry(condition, overrides, attempts, started)) {
            deps.logger.warn('webhook unreachable', { url, error: String(error), attempts });
            return { ok: false, status: null, body: '', contentType: '', attempts };
          }
        }
      }
    },
  };
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
