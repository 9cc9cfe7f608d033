import type { Context, MiddlewareHandler } from 'hono';
import twilio from 'twilio';
import type { Db } from '../db/client.js';
import type { AppEnv } from '../http/app-env.js';
import { AppError } from '../http/app-error.js';
import { webhookReceipts } from './tables.js';

export type WebhookParams = Record<string, string>;

/**
 * Reads a carrier webhook and checks its X-Twilio-Signature against the URL the carrier was
 * given (our APP_URL, not whatever Host the request arrived with) and the auth token. A
 * missing or wrong signature is a 403 and nothing is read further.
 */
export function verifyTwilioSignature(
  authToken: string,
  appUrl: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const signature = c.req.header('x-twilio-signature');
    const form = await c.req.parseBody().catch(() => null);
    if (!signature || !form) throw new AppError('forbidden', 'Invalid webhook signature.');
    const params: WebhookParams = {};
    for (const [key, value] of Object.entries(form)) {
      if (typeof value === 'string') params[key] = value;
    }
    const url = new URL(c.req.url);
    const signedUrl = `${appUrl.replace(/\/$/, '')}${url.pathname}${url.search}`;
    if (!twilio.validateRequest(authToken, signature, signedUrl, params)) {
      throw new AppError('forbidden', 'Invalid webhook signature.');
    }
    c.set('webhookParams', params);
    await next();
  };
}

export const webhookParams = (c: Context<AppEnv>): WebhookParams => c.get('webhookParams') ?? {};

/**
 * True the first time a delivery is seen. The carrier repeats a delivery with the same
 * I-Twilio-Idempotency-Token when it retries; without a token, `fallbackKey` names it.
 */
export async function firstDelivery(
  db: Db,
  c: Context<AppEnv>,
  fallbackKey: string,
): Promise<boolean> {
  const token = c.req.header('i-twilio-idempotency-token') ?? fallbackKey;
  const inserted = await db
    .insert(webhookReceipts)
    .values({ token: token.slice(0, 200) })
    .onConflictDoNothing()
    .returning({ token: webhookReceipts.token });
  return inserted.length > 0;
}

export const twiml = (c: Context, response: { toString(): string }) =>
  c.body(response.toString(), 200, { 'content-type': 'text/xml; charset=utf-8' });
