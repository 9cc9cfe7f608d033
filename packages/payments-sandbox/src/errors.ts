/** Stripe's error object, as its API sends it under `error`. */
export type StripeErrorBody = {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  doc_url?: string;
};

/** An API answer that is an error: the status and body Stripe would send. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const docs = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export const resourceMissing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: docs('resource_missing'),
  });

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: docs(code) } : {}),
  });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unexpectedState = (message: string) =>
  invalidRequest(message, undefined, 'payment_intent_unexpected_state');
