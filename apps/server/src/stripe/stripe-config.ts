import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathPrefixedHttpClient } from '@tentpole/payments-sandbox';
import Stripe from 'stripe';
import { z } from 'zod';

/** Where the payments sandbox answers on the app's own origin (beside the phone's `/sandbox`). */
export const PAYMENTS_SANDBOX_BASE_PATH = '/sandbox/payments';

/**
 * The card processor the server speaks to through the `stripe` library. With STRIPE_* variables
 * set, that is Stripe (or, with STRIPE_API_URL, a Stripe-compatible API elsewhere); without
 * them, the payments sandbox on our own origin, with keys made once per data folder.
 */
export type PaymentsConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Where the library sends requests; null means Stripe's own API. */
  apiUrl: string | null;
  /** Mount the payments sandbox in this process. */
  sandbox: boolean;
};

const stripeEnv = z.object({
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a secret key (sk_test_… or sk_live_…)'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)"),
  STRIPE_API_URL: z.url('must be a URL').optional(),
});
export const STRIPE_ENV_VARIABLES = Object.keys(stripeEnv.shape);

/** Production with neither Stripe keys nor an explicitly enabled sandbox: no card payments. */
export function paymentsConfig(
  env: NodeJS.ProcessEnv,
  {
    appUrl,
    dataDir,
    sandboxAllowed,
  }: { appUrl: string; dataDir: string | null; sandboxAllowed: boolean },
): PaymentsConfig | null {
  if (env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET) {
    const parsed = stripeEnv.safeParse(env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new Error(
        `Stripe is half configured; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET:\n  - ${problems.join('\n  - ')}`,
      );
    }
    return {
      secretKey: parsed.data.STRIPE_SECRET_KEY,
      webhookSecret: parsed.data.STRIPE_WEBHOOK_SECRET,
      apiUrl: parsed.data.STRIPE_API_URL?.replace(/\/$/, '') ?? null,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return {
    ...sandboxKeys(dataDir),
    apiUrl: `${appUrl.replace(/\/$/, '')}${PAYMENTS_SANDBOX_BASE_PATH}`,
    sandbox: true,
  };
}

type Keys = Pick<PaymentsConfig, 'secretKey' | 'webhookSecret'>;

// Sandbox keys look like Stripe's and are kept with the data, so the sandbox's saved sessions
// and the app agree across restarts.
function sandboxKeys(dataDir: string | null): Keys {
  const make = (): Keys => ({
    secretKey: `sk_test_${randomBytes(24).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  });
  if (!dataDir) return make();
  const file = path.join(dataDir, 'payments-sandbox-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Keys;
  mkdirSync(dataDir, { recursive: true });
  const keys = make();
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** How long one Stripe request may take (shorter than a job's 30 s lock, as the carrier's). */
export const STRIPE_TIMEOUT_MS = 15_000;

/** The official `stripe` library, pointed at the configured processor. */
export function createStripeClient(config: PaymentsConfig): Stripe {
  const common = { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 2, telemetry: false } as const;
  if (!config.apiUrl) return new Stripe(config.secretKey, common);
  const url = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    ...common,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    httpClient: pathPrefixedHttpClient(
      Stripe.createNodeHttpClient(),
      url.pathname.replace(/\/$/, ''),
    ),
  });
}

export type { Stripe };
