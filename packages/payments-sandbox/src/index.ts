export { TEST_CARDS, TEST_PAYMENT_METHODS } from './cards';
export type * from './engine';
export { SANDBOX_API_VERSION } from './engine';
export { pathPrefixedHttpClient } from './http-client';
export type { PaymentsSandbox, PaymentsSandboxOptions } from './sandbox';
export { createPaymentsSandbox } from './sandbox';
export type { Delivery, WebhookSender } from './webhooks';
export { stripeSignature } from './webhooks';
