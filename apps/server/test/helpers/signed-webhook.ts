import { stripeSignature } from '@tentpole/payments-sandbox';
import twilio from 'twilio';
import type { TestServer } from './test-server.js';

type Target = Pick<TestServer, 'baseUrl' | 'telephony' | 'paymentsWebhookSecret'>;

/** A carrier webhook under /api/phone/webhooks/, a form body signed as Twilio signs it. */
type TwilioDelivery = {
  provider: 'twilio';
  /** Below /api/phone/webhooks/, such as `sms` or `voice/status`. */
  path: string;
  params: Record<string, string>;
  /** The parameters the signature is computed over, when a test forges the body. */
  signedParams?: Record<string, string>;
  /** Spoils the signature's last characters. */
  tamper?: boolean;
  /** Twilio's idempotency token, as a retried delivery carries it. */
  idempotencyToken?: string;
};

/** A Stripe event posted to /api/webhooks/stripe, signed as Stripe signs it. */
type StripeDelivery = {
  provider: 'stripe';
  payload: string;
  /** The signing secret; the server's own unless a test forges one. */
  secret?: string;
};

/**
 * Delivers a provider's webhook to `server` as the provider would: the body and its signature
 * header, with the secret the server was configured with (the carrier's auth token, the
 * payments webhook secret).
 */
export function signedWebhook(server: Target, delivery: TwilioDelivery | StripeDelivery) {
  if (delivery.provider === 'stripe') {
    const { payload, secret = server.paymentsWebhookSecret } = delivery;
    return fetch(`${server.baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, secret, Math.floor(Date.now() / 1000)),
      },
      body: payload,
    });
  }
  const { path, params, signedParams = params, tamper = false, idempotencyToken } = delivery;
  const url = `${server.baseUrl}/api/phone/webhooks/${path}`;
  const signature = twilio.getExpectedTwilioSignature(
    server.telephony.authToken,
    url,
    signedParams,
  );
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': tamper ? `${signature.slice(0, -2)}AA` : signature,
      ...(idempotencyToken ? { 'i-twilio-idempotency-token': idempotencyToken } : {}),
    },
    body: new URLSearchParams(params),
  });
}
