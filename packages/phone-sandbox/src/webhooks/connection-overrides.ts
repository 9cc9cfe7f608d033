/**
 * Twilio's connection overrides: a fragment on a webhook URL such as
 * `https://example.com/voice#ct=2000&rt=5000&rc=3&rp=5xx,ct` tunes timeouts and retries.
 * ct: connect timeout, rt: read timeout, tt: total time, rc: retry count, rp: retry policy.
 * The fragment is never sent and is not part of the signed URL.
 */
export type RetryCondition = '4xx' | '5xx' | 'ct' | 'rt';

export interface ConnectionOverrides {
  connectTimeoutMs: number;
  readTimeoutMs: number;
  totalTimeoutMs: number;
  retryCount: number;
  retryPolicy: ReadonlySet<RetryCondition>;
}

const DEFAULTS: ConnectionOverrides = {
  connectTimeoutMs: 5000,
  readTimeoutMs: 15000,
  totalTimeoutMs: 15000,
  retryCount: 1,
  retryPolicy: new Set(['ct']),
};

export function parseWebhookUrl(raw: string): { url: string; overrides: ConnectionOverrides } {
  const hash = raw.indexOf('#');
  if (hash === -1) return { url: raw, overrides: DEFAULTS };
  const url = raw.slice(0, hash);
  const params = new URLSearchParams(raw.slice(hash + 1));
  const number = (key: string, fallback: number, max: number) => {
    const value = Number(params.get(key));
    return params.has(key) && Number.isFinite(value) && value >= 0
      ? Math.min(value, max)
      : fallback;
  };
  const policy = params.get('rp');
  return {
    url,
    overrides: {
      connectTimeoutMs: number('ct', DEFAULTS.connectTimeoutMs, 10000),
      readTimeoutMs: number('rt', DEFAULTS.readTimeoutMs, 15000),
      totalTimeoutMs: number('tt', DEFAULTS.totalTimeoutMs, 15000),
      retryCount: number('rc', DEFAULTS.retryCount, 5),
      retryPolicy: policy === null ? DEFAULTS.retryPolicy : parsePolicy(policy),
    },
  };
}

function parsePolicy(value: string): Set<RetryCondition> {
  const all: RetryCondition[] = ['4xx', '5xx', 'ct', 'rt'];
  const parts = value.split(',').map((p) => p.trim());
  if (parts.includes('all')) return new Set(all);
  return new Set(all.filter((c) => parts.includes(c)));
}
