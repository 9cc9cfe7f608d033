import {
  AUTHENTICATION_REQUIRED,
  type CardBehavior,
  cardFor,
  type Decline,
  TEST_CARDS,
  TEST_PAYMENT_METHODS,
} from './cards';
import {
  invalidRequest,
  missingParam,
  resourceMissing,
  StripeApiError,
  unexpectedState,
} from './errors';
import { type Form, field, metadataOf } from './form';
import { stripeId } from './ids';

/** The API version the sandbox's objects are shaped after (what `stripe` 23 asks for). */
export const SANDBOX_API_VERSION = '2025-11-17.clover';

export type Obj = Record<string, unknown> & { id: string; object: string };
export type Metadata = Record<string, string>;

export type Customer = Obj & {
  email: string | null;
  name: string | null;
  phone: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
};
export type PaymentMethod = Obj & {
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: 'US' };
  billing_details: { name: string | null; email: string | null };
};
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';
export type PaymentIntent = Obj & {
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: PaymentIntentStatus;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  latest_charge: string | null;
  last_payment_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  description: string | null;
  receipt_email: string | null;
  metadata: Metadata;
};
export type Charge = Obj & {
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  paid: boolean;
  status: 'succeeded' | 'failed';
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  failure_code: string | null;
  failure_message: string | null;
  outcome: Record<string, unknown>;
  metadata: Metadata;
  refunds: { object: 'list'; data: Refund[]; has_more: false };
};
export type Refund = Obj & {
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Metadata;
};
export type SetupIntent = Obj & {
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  customer: string | null;
  payment_method: string | null;
  usage: 'off_session' | 'on_session';
  last_setup_error: Record<string, unknown> | null;
  metadata: Metadata;
};
export type CheckoutSession = Obj & {
  mode: 'payment' | 'setup' | 'subscription';
  subscription: string | null;
  /** Not Stripe's: the recurring price a subscription-mode session starts. */
  subscription_price?: { currency: string; unit_amount: number; interval: string; name: string };
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  amount_total: number | null;
  amount_subtotal: number | null;
  currency: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  payment_intent: string | null;
  setup_intent: string | null;
  expires_at: number;
  metadata: Metadata;
  /** Not Stripe's: what the hosted page shows (the line items' names). */
  line_items_summary?: { name: string; quantity: number; amount: number }[];
  payment_intent_data?: {
    capture_method: PaymentIntent['capture_method'];
    setup_future_usage: PaymentIntent['setup_future_usage'];
    metadata: Metadata;
    description: string | null;
  };
  setup_intent_data?: { metadata: Metadata };
  /** Not in Stripe's answer: what the subscription a subscription-mode session starts gets. */
  subscription_data?: { metadata: Metadata };
};
export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
};

/** Everything the sandbox knows, as plain JSON (saved to a file when it runs on its own). */
export type EngineState = {
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  setupIntents: Record<string, SetupIntent>;
  sessions: Record<string, CheckoutSession>;
  events: StripeEvent[];
  /** Card numbers behind PaymentMethods (never in an API answer). */
  cards: Record<string, string>;
  /** PaymentMethods whose holder has authenticated once (3155 is then trusted off-session). */
  trusted: Record<string, true>;
  /** A card waiting for the customer's authentication on the hosted page, per session. */
  pendingAuth: Record<string, { paymentMethod: string; intent: string }>;
  products: Record<string, Obj & { name: string }>;
  prices: Record<string, Price>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  /** Seconds the sandbox's clock is ahead of the wall clock (the control API's "advance"). */
  clockOffset: number;
};

export type Price = Obj & {
  currency: string;
  unit_amount: number;
  product: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
  type: 'one_time' | 'recurring';
};
export type Subscription = Obj & {
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';
  customer: string;
  default_payment_method: string | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  current_period_start: number;
  current_period_end: number;
  trial_end: number | null;
  latest_invoice: string | null;
  metadata: Metadata;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: Price;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
};
export type Invoice = Obj & {
  customer: string;
  subscription: string | null;
  status: 'open' | 'paid' | 'uncollectible' | 'void';
  amount_due: number;
  amount_paid: number;
  currency: string;
  payment_intent: string | null;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  period_start: number;
  period_end: number;
  metadata: Metadata;
};

export const emptyState = (): EngineState => ({
  customers: {},
  paymentMethods: {},
  paymentIntents: {},
  charges: {},
  refunds: {},
  setupIntents: {},
  sessions: {},
  events: [],
  cards: {},
  trusted: {},
  pendingAuth: {},
  products: {},
  prices: {},
  subscriptions: {},
  invoices: {},
  clockOffset: 0,
});

const CANCELABLE: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
];

const dollars = (cents: number, currency: string) =>
  `${currency === 'usd' ? '$' : ''}${(cents / 100).toFixed(2)}${currency === 'usd' ? '' : ` ${currency}`}`;

/** What a hosted-page attempt came to. */
export type PageOutcome =
  | { kind: 'done'; redirect: string }
  | { kind: 'authenticate' }
  | { kind: 'declined'; message: string };

/**
 * The payments engine: Stripe's objects and their state machines, synchronous, so one request
 * is one step and two never interleave. Every change that Stripe announces is an event, handed
 * to `onEvent` (the webhook sender).
 */
export class PaymentsEngine {
  constructor(
    readonly state: EngineState,
    private readonly options: {
      now: () => number;
      /** The hosted pages' base URL, e.g. http://localhost:3000/sandbox/payments. */
      pagesUrl: string;
      onEvent: (event: StripeEvent) => void;
    },
  ) {}

  private seconds() {
    return Math.floor(this.options.now() / 1000) + (this.state.clockOffset ?? 0);
  }

  private emit(type: string, object: Obj) {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: this.seconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(this.publicView(object)) },
    };
    this.state.events.push(event);
    this.options.onEvent(event);
  }

  /** What the API shows of an object (the sandbox's own fields left out). */
  publicView(object: Obj): Record<string, unknown> {
    if (object.object !== 'checkout.session') return object;
    const {
      line_items_summary: _l,
      payment_intent_data: _p,
      setup_intent_data: _s,
      subscription_data: _d,
      ...rest
    } = object as CheckoutSession;
    return rest;
  }

  // ---- Customers and PaymentMethods ----

  createCustomer(form: Form): Customer {
    const customer: Customer = {
      id: stripeId('cus', 14),
      object: 'customer',
      created: this.seconds(),
      email: field.string(form, 'email') ?? null,
      name: field.string(form, 'name') ?? null,
      phone: field.string(form, 'phone') ?? null,
      description: field.string(form, 'description') ?? null,
      livemode: false,
      metadata: metadataOf(form),
      invoice_settings: {
        default_payment_method:
          field.string(field.object(form, 'invoice_settings'), 'default_payment_method') ?? null,
      },
    };
    this.state.customers[customer.id] = customer;
    this.emit('customer.created', customer);
    return customer;
  }

  customer(id: string, param = 'id'): Customer {
    const customer = this.state.customers[id];
    if (!customer) throw resourceMissing('customer', id, param);
    return customer;
  }

  updateCustomer(id: string, form: Form): Customer {
    const customer = this.customer(id);
    for (const key of ['email', 'name', 'phone'] as const) {
      const value = field.string(form, key);
      if (value !== undefined) customer[key] = value;
    }
    Object.assign(customer.metadata, metadataOf(form));
    const settings = field.object(form, 'invoice_settings');
    const pm = field.string(settings, 'default_payment_method');
    if (pm) {
      this.paymentMethod(pm, 'invoice_settings[default_payment_method]');
      customer.invoice_settings.default_payment_method = pm;
    }
    this.emit('customer.updated', customer);
    return customer;
  }

  /** A card the hosted page took, as a PaymentMethod. */
  cardPaymentMethod(
    number: string,
    details: { expMonth: number; expYear: number; name: string | null; email: string | null },
  ) {
    const digits = number.replace(/[\s-]/g, '');
    const behavior = TEST_CARDS[digits];
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      created: this.seconds(),
      customer: null,
      livemode: false,
      metadata: {},
      card: {
        brand: behavior?.brand ?? 'visa',
        last4: digits.slice(-4),
        exp_month: details.expMonth,
        exp_year: details.expYear,
        country: 'US',
      },
      billing_details: { name: details.name, email: details.email },
    };
    this.state.paymentMethods[pm.id] = pm;
    this.state.cards[pm.id] = digits;
    return pm;
  }

  /** A PaymentMethod by id; Stripe's test ids (`pm_card_visa`) make a new one each time. */
  paymentMethod(id: string, param = 'payment_method'): PaymentMethod {
    const testCard = TEST_PAYMENT_METHODS[id];
    if (testCard) {
      const year = new Date(this.options.now()).getUTCFullYear() + 3;
      return this.cardPaymentMethod(testCard, {
        expMonth: 12,
        expYear: year,
        name: null,
        email: null,
      });
    }
    const pm = this.state.paymentMethods[id];
    if (!pm) throw resourceMissing('payment_method', id, param);
    return pm;
  }

  attachPaymentMethod(id: string, form: Form): PaymentMethod {
    const customerId = field.string(form, 'customer');
    if (!customerId) throw missingParam('customer');
    const customer = this.customer(customerId, 'customer');
    const pm = this.paymentMethod(id, 'id');
    const behavior = this.behavior(pm);
    if (behavior.declineOnSetup && behavior.decline) throw this.cardError(behavior.decline, {});
    pm.customer = customer.id;
    this.emit('payment_method.attached', pm);
    return pm;
  }

  detachPaymentMethod(id: string): PaymentMethod {
    const pm = this.paymentMethod(id, 'id');
    pm.customer = null;
    this.emit('payment_method.detached', pm);
    return pm;
  }

  customerPaymentMethods(customerId: string): PaymentMethod[] {
    this.customer(customerId, 'customer');
    return Object.values(this.state.paymentMethods).filter((pm) => pm.customer === customerId);
  }

  private behavior(pm: PaymentMethod): CardBehavior {
    const number = this.state.cards[pm.id] ?? '';
    const found = cardFor(number);
    return 'refused' in found
      ? { brand: 'visa', charge: 'decline', decline: found.refused, declineOnSetup: true }
      : found;
  }

  private cardError(decline: Decline, extra: Record<string, unknown>) {
    return new StripeApiError(402, {
      type: 'card_error',
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      message: decline.message,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
      ...extra,
    });
  }

  // ---- PaymentIntents ----

  createPaymentIntent(form: Form): PaymentIntent {
    const amount = this.amountOf(form, 'amount');
    const currency = field.string(form, 'currency');
    if (!currency) throw missingParam('currency');
    const customerId = field.string(form, 'customer');
    if (customerId) this.customer(customerId, 'customer');
    const captureMethod = field.string(form, 'capture_method') ?? 'automatic';
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod))
      throw invalidRequest(
        `Invalid capture_method: must be one of automatic, automatic_async, or manual`,
        'capture_method',
      );
    const pm = field.string(form, 'payment_method');
    const intent: PaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      created: this.seconds(),
      livemode: false,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: currency.toLowerCase(),
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      capture_method: captureMethod as PaymentIntent['capture_method'],
      customer: customerId ?? null,
      payment_method: pm ? this.paymentMethod(pm).id : null,
      setup_future_usage:
        (field.string(form, 'setup_future_usage') as PaymentIntent['setup_future_usage']) ?? null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      cancellation_reason: null,
      canceled_at: null,
      description: field.string(form, 'description') ?? null,
      receipt_email: field.string(form, 'receipt_email') ?? null,
      metadata: metadataOf(form),
      client_secret: '',
    };
    intent.client_secret = `${intent.id}_secret_${stripeId('s').slice(2)}`;
    this.state.paymentIntents[intent.id] = intent;
    this.emit('payment_intent.created', intent);
    if (field.boolean(form, 'confirm')) return this.confirmPaymentIntent(intent.id, form);
    return intent;
  }

  paymentIntent(id: string, param = 'id'): PaymentIntent {
    const intent = this.state.paymentIntents[id];
    if (!intent) throw resourceMissing('payment_intent', id, param);
    return intent;
  }

  updatePaymentIntent(id: string, form: Form): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw unexpectedState(
        `This PaymentIntent's status is ${intent.status}, so it cannot be updated.`,
      );
    if (form.amount !== undefined) intent.amount = this.amountOf(form, 'amount');
    const pm = field.string(form, 'payment_method');
    if (pm) {
      intent.payment_method = this.paymentMethod(pm).id;
      intent.status = 'requires_confirmation';
    }
    const description = field.string(form, 'description');
    if (description !== undefined) intent.description = description;
    Object.assign(intent.metadata, metadataOf(form));
    return intent;
  }

  confirmPaymentIntent(id: string, form: Form): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (
      !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(
        intent.status,
      )
    )
      throw unexpectedState(
        `This PaymentIntent's status is ${intent.status}, but it must be one of requires_payment_method, requires_confirmation or requires_action to be confirmed.`,
      );
    const pmId = field.string(form, 'payment_method');
    if (pmId) intent.payment_method = this.paymentMethod(pmId).id;
    if (!intent.payment_method)
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_xxx, specify a payment method attached to this customer along with the customer ID.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    const offSession =
      field.boolean(form, 'off_session') === true ||
      form.off_session === 'recurring' ||
      form.off_session === 'one_off';
    const pm = this.paymentMethod(intent.payment_method);
    if (offSession && pm.customer !== intent.customer)
      throw invalidRequest(
        `The provided PaymentMethod ${pm.id} was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
        'payment_method',
      );
    return this.attempt(intent, pm, { offSession });
  }

  /** One try of a card for an intent: declined, asked to authenticate, or authorised. */
  private attempt(
    intent: PaymentIntent,
    pm: PaymentMethod,
    { offSession }: { offSession: boolean },
  ): PaymentIntent {
    const behavior = this.behavior(pm);
    intent.payment_method = pm.id;
    if (behavior.charge === 'decline')
      this.decline(
        intent,
        pm,
        behavior.decline ?? { code: 'card_declined', message: 'Your card was declined.' },
      );
    const needsAuth =
      behavior.charge === 'authenticate_always' ||
      (behavior.charge === 'authenticate_once' && !this.state.trusted[pm.id]);
    if (needsAuth) {
      if (offSession) this.decline(intent, pm, AUTHENTICATION_REQUIRED);
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${this.options.pagesUrl}/authenticate/${intent.id}`,
          return_url: null,
        },
      };
      this.emit('payment_intent.requires_action', intent);
      return intent;
    }
    return this.authorise(intent, pm);
  }

  private decline(intent: PaymentIntent, pm: PaymentMethod, decline: Decline): never {
    const charge = this.newCharge(intent, pm, {
      status: 'failed',
      failure_code: decline.code,
      failure_message: decline.message,
    });
    intent.status = 'requires_payment_method';
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'card_error',
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      message: decline.message,
      charge: charge.id,
      payment_method: structuredClone(pm),
    };
    this.emit('charge.failed', charge);
    this.emit('payment_intent.payment_failed', intent);
    throw this.cardError(decline, { charge: charge.id, payment_intent: structuredClone(intent) });
  }

  private newCharge(
    intent: PaymentIntent,
    pm: PaymentMethod,
    result: {
      status: 'succeeded' | 'failed';
      failure_code: string | null;
      failure_message: string | null;
    },
  ): Charge {
    const ok = result.status === 'succeeded';
    const capture = ok && intent.capture_method !== 'manual';
    const charge: Charge = {
      id: stripeId('ch'),
      object: 'charge',
      created: this.seconds(),
      livemode: false,
      amount: intent.amount,
      amount_captured: capture ? intent.amount : 0,
      amount_refunded: 0,
      captured: capture,
      refunded: false,
      paid: ok,
      status: result.status,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method: pm.id,
      payment_method_details: {
        type: 'card',
        card: { brand: pm.card.brand, last4: pm.card.last4 },
      },
      failure_code: result.failure_code,
      failure_message: result.failure_message,
      outcome: ok
        ? {
            network_status: 'approved_by_network',
            type: 'authorized',
            seller_message: 'Payment complete.',
          }
        : {
            network_status: 'declined_by_network',
            type: 'issuer_declined',
            seller_message: 'The bank did not return any further details with this decline.',
          },
      metadata: { ...intent.metadata },
      refunds: { object: 'list', data: [], has_more: false },
    };
    this.state.charges[charge.id] = charge;
    return charge;
  }

  private authorise(intent: PaymentIntent, pm: PaymentMethod): PaymentIntent {
    const charge = this.newCharge(intent, pm, {
      status: 'succeeded',
      failure_code: null,
      failure_message: null,
    });
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    intent.next_action = null;
    if (intent.setup_future_usage && intent.customer) {
      pm.customer = intent.customer;
      this.state.trusted[pm.id] = true;
    }
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.amount_capturable_updated', intent);
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', intent);
    }
    return intent;
  }

  /** The customer's answer to an authentication request (the hosted 3-D Secure step). */
  authenticate(intentId: string, approve: boolean): PaymentIntent {
    const intent = this.paymentIntent(intentId);
    if (intent.status !== 'requires_action' || !intent.payment_method) return intent;
    const pm = this.paymentMethod(intent.payment_method);
    if (!approve) {
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        payment_method: structuredClone(pm),
      };
      this.emit('payment_intent.payment_failed', intent);
      return intent;
    }
    this.state.trusted[pm.id] = true;
    return this.authorise(intent, pm);
  }

  capturePaymentIntent(id: string, form: Form): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status !== 'requires_capture')
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    const amount =
      form.amount_to_capture === undefined
        ? intent.amount_capturable
        : this.amountOf(form, 'amount_to_capture');
    if (amount > intent.amount_capturable)
      throw invalidRequest(
        `The amount_to_capture (${amount}) must be less than or equal to the amount_capturable (${intent.amount_capturable}).`,
        'amount_to_capture',
        'amount_too_large',
      );
    const charge = this.state.charges[intent.latest_charge ?? ''];
    if (!charge) throw unexpectedState('This PaymentIntent has no charge to capture.');
    charge.captured = true;
    charge.amount_captured = amount;
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    intent.status = 'succeeded';
    Object.assign(intent.metadata, metadataOf(form));
    this.emit('charge.captured', charge);
    this.emit('payment_intent.succeeded', intent);
    return intent;
  }

  cancelPaymentIntent(id: string, form: Form): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (!CANCELABLE.includes(intent.status))
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    const wasHeld = intent.status === 'requires_capture';
    intent.status = 'canceled';
    intent.canceled_at = this.seconds();
    intent.cancellation_reason = field.string(form, 'cancellation_reason') ?? null;
    intent.amount_capturable = 0;
    intent.next_action = null;
    if (wasHeld) {
      const charge = this.state.charges[intent.latest_charge ?? ''];
      if (charge) {
        charge.amount_refunded = charge.amount;
        charge.refunded = true;
      }
    }
    this.emit('payment_intent.canceled', intent);
    return intent;
  }

  charge(id: string): Charge {
    const charge = this.state.charges[id];
    if (!charge) throw resourceMissing('charge', id);
    return charge;
  }

  // ---- Refunds ----

  createRefund(form: Form): Refund {
    const intentId = field.string(form, 'payment_intent');
    const chargeId = field.string(form, 'charge');
    if (!intentId && !chargeId) throw missingParam('charge');
    let charge: Charge;
    if (intentId) {
      const intent = this.paymentIntent(intentId, 'payment_intent');
      const latest = intent.latest_charge ? this.state.charges[intent.latest_charge] : undefined;
      if (intent.status !== 'succeeded' || !latest)
        throw invalidRequest(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'payment_intent',
        );
      charge = latest;
    } else {
      charge =
        this.state.charges[chargeId ?? ''] ??
        (() => {
          throw resourceMissing('charge', chargeId ?? '', 'charge');
        })();
    }
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0)
      throw invalidRequest(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = form.amount === undefined ? left : this.amountOf(form, 'amount', 1);
    if (amount > left)
      throw invalidRequest(
        `Refund amount (${dollars(amount, charge.currency)}) is greater than unrefunded amount on charge (${dollars(left, charge.currency)})`,
        'amount',
      );
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      created: this.seconds(),
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: 'succeeded',
      reason: field.string(form, 'reason') ?? null,
      metadata: metadataOf(form),
    };
    this.state.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount_captured;
    charge.refunds.data.unshift(refund);
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge);
    return refund;
  }

  refund(id: string): Refund {
    const refund = this.state.refunds[id];
    if (!refund) throw resourceMissing('refund', id);
    return refund;
  }

  // ---- Checkout Sessions ----

  createCheckoutSession(form: Form): CheckoutSession {
    const mode = field.string(form, 'mode');
    if (!mode) throw missingParam('mode');
    if (mode !== 'payment' && mode !== 'setup' && mode !== 'subscription')
      throw invalidRequest(
        `Invalid mode: the sandbox takes payment, setup or subscription`,
        'mode',
      );
    const successUrl = field.string(form, 'success_url');
    if (!successUrl) throw missingParam('success_url');
    const customerId = field.string(form, 'customer');
    if (customerId) this.customer(customerId, 'customer');
    const lines = field.list(form, 'line_items').map((line, i) => {
      const price = field.object(line, 'price_data');
      const product = field.object(price, 'product_data');
      const currency = field.string(price, 'currency');
      if (!currency) throw missingParam(`line_items[${i}][price_data][currency]`);
      const unit = this.amountOf(
        price,
        'unit_amount',
        0,
        `line_items[${i}][price_data][unit_amount]`,
      );
      const quantity = Number(field.string(line, 'quantity') ?? '1');
      if (!Number.isInteger(quantity) || quantity < 1)
        throw invalidRequest('Invalid integer: quantity', `line_items[${i}][quantity]`);
      return {
        name: field.string(product, 'name') ?? 'Item',
        quantity,
        amount: unit * quantity,
        currency: currency.toLowerCase(),
        interval: field.string(field.object(price, 'recurring'), 'interval') ?? null,
      };
    });
    if (mode !== 'setup' && lines.length === 0) throw missingParam('line_items');
    if (mode === 'subscription' && !lines[0]?.interval)
      throw invalidRequest(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items[0][price_data][recurring]',
      );
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    if (mode !== 'setup' && amount < 50)
      throw invalidRequest(
        "The Checkout Session's total amount due must add up to at least $0.50 usd",
        'line_items',
        'amount_too_small',
      );
    const intentData = field.object(form, 'payment_intent_data');
    const expiresAt = field.string(form, 'expires_at');
    const id = stripeId('cs_test', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      created: this.seconds(),
      livemode: false,
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      url: `${this.options.pagesUrl}/pay/${id}`,
      success_url: successUrl,
      cancel_url: field.string(form, 'cancel_url') ?? null,
      amount_total: mode !== 'setup' ? amount : null,
      amount_subtotal: mode !== 'setup' ? amount : null,
      subscription: null,
      ...(mode === 'subscription' && lines[0]
        ? {
            subscription_price: {
              currency: lines[0].currency,
              unit_amount: lines[0].amount,
              interval: lines[0].interval ?? 'month',
              name: lines[0].name,
            },
          }
        : {}),
      currency:
        mode !== 'setup' ? (lines[0]?.currency ?? null) : (field.string(form, 'currency') ?? null),
      customer: customerId ?? null,
      customer_email: field.string(form, 'customer_email') ?? null,
      client_reference_id: field.string(form, 'client_reference_id') ?? null,
      payment_intent: null,
      setup_intent: null,
      expires_at: expiresAt ? Number(expiresAt) : this.seconds() + 24 * 3600,
      metadata: metadataOf(form),
      line_items_summary: lines.map(({ name, quantity, amount }) => ({ name, quantity, amount })),
      payment_intent_data: {
        capture_method:
          (field.string(intentData, 'capture_method') as PaymentIntent['capture_method']) ??
          'automatic',
        setup_future_usage:
          (field.string(intentData, 'setup_future_usage') as PaymentIntent['setup_future_usage']) ??
          null,
        metadata: metadataOf(intentData),
        description: field.string(intentData, 'description') ?? null,
      },
      setup_intent_data: { metadata: metadataOf(field.object(form, 'setup_intent_data')) },
      subscription_data: { metadata: metadataOf(field.object(form, 'subscription_data')) },
    };
    this.state.sessions[id] = session;
    return session;
  }

  session(id: string): CheckoutSession {
    const session = this.state.sessions[id];
    if (!session) throw resourceMissing('checkout.session', id);
    this.expireIfDue(session);
    return session;
  }

  private expireIfDue(session: CheckoutSession) {
    if (session.status === 'open' && this.seconds() >= session.expires_at) this.expire(session);
  }

  private expire(session: CheckoutSession) {
    session.status = 'expired';
    session.url = null;
    delete this.state.pendingAuth[session.id];
    this.emit('checkout.session.expired', session);
  }

  expireSession(id: string): CheckoutSession {
    const session = this.session(id);
    if (session.status !== 'open')
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    this.expire(session);
    return session;
  }

  listSessions(query: Form): CheckoutSession[] {
    const intent = field.string(query, 'payment_intent');
    const customer = field.string(query, 'customer');
    const status = field.string(query, 'status');
    return Object.values(this.state.sessions)
      .map((session) => {
        this.expireIfDue(session);
        return session;
      })
      .filter(
        (s) =>
          (!intent || s.payment_intent === intent) &&
          (!customer || s.customer === customer) &&
          (!status || s.status === status),
      )
      .sort((a, b) => Number(b.created) - Number(a.created));
  }

  setupIntent(id: string): SetupIntent {
    const intent = this.state.setupIntents[id];
    if (!intent) throw resourceMissing('setup_intent', id);
    return intent;
  }

  /** The hosted page: the customer typed a card and pressed Pay (or Save). */
  payOnPage(
    sessionId: string,
    card: {
      number: string;
      expMonth: number;
      expYear: number;
      name: string | null;
      email: string | null;
    },
  ): PageOutcome {
    const session = this.session(sessionId);
    if (session.status !== 'open')
      return { kind: 'declined', message: 'This Checkout Session is no longer active.' };
    const found = cardFor(card.number);
    if ('refused' in found && found.refused.code === 'incorrect_number')
      return { kind: 'declined', message: found.refused.message };
    const pm = this.cardPaymentMethod(card.number, card);
    if (session.mode !== 'payment') return this.setupOnPage(session, pm);
    const intent = this.sessionIntent(session);
    try {
      const result = this.attempt(intent, pm, { offSession: false });
      if (result.status === 'requires_action') {
        this.state.pendingAuth[session.id] = { paymentMethod: pm.id, intent: intent.id };
        return { kind: 'authenticate' };
      }
    } catch (error) {
      if (error instanceof StripeApiError) return { kind: 'declined', message: error.body.message };
      throw error;
    }
    return this.completeSession(session);
  }

  /** The hosted page's authentication step: the customer completed or failed it. */
  authenticateOnPage(sessionId: string, approve: boolean): PageOutcome {
    const session = this.session(sessionId);
    const pending = this.state.pendingAuth[session.id];
    if (session.status !== 'open' || !pending)
      return { kind: 'declined', message: 'This Checkout Session is no longer active.' };
    delete this.state.pendingAuth[session.id];
    const failed = {
      kind: 'declined' as const,
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    };
    if (session.mode !== 'payment') {
      const setup = this.setupIntent(pending.intent);
      if (!approve) {
        setup.status = 'requires_payment_method';
        this.emit('setup_intent.setup_failed', setup);
        return failed;
      }
      this.state.trusted[pending.paymentMethod] = true;
      return this.finishSetup(session, setup, this.paymentMethod(pending.paymentMethod));
    }
    const intent = this.authenticate(pending.intent, approve);
    if (intent.status === 'requires_payment_method') return failed;
    return this.completeSession(session);
  }

  private sessionIntent(session: CheckoutSession): PaymentIntent {
    if (session.payment_intent) return this.paymentIntent(session.payment_intent);
    const data = session.payment_intent_data;
    const intent = this.createPaymentIntent({
      amount: String(session.amount_total ?? 0),
      currency: session.currency ?? 'usd',
      capture_method: data?.capture_method ?? 'automatic',
      ...(data?.setup_future_usage ? { setup_future_usage: data.setup_future_usage } : {}),
      ...(data?.description ? { description: data.description } : {}),
      ...(session.customer ? { customer: session.customer } : {}),
      metadata: { ...(data?.metadata ?? {}) },
    });
    session.payment_intent = intent.id;
    return intent;
  }

  private setupOnPage(session: CheckoutSession, pm: PaymentMethod): PageOutcome {
    const behavior = this.behavior(pm);
    const setup: SetupIntent = {
      id: stripeId('seti'),
      object: 'setup_intent',
      created: this.seconds(),
      livemode: false,
      status: 'requires_payment_method',
      customer: session.customer,
      payment_method: pm.id,
      usage: 'off_session',
      last_setup_error: null,
      metadata: { ...(session.setup_intent_data?.metadata ?? {}) },
    };
    this.state.setupIntents[setup.id] = setup;
    session.setup_intent = setup.id;
    if (behavior.declineOnSetup && behavior.decline) {
      setup.last_setup_error = {
        type: 'card_error',
        code: behavior.decline.code,
        decline_code: behavior.decline.decline_code,
        message: behavior.decline.message,
      };
      this.emit('setup_intent.setup_failed', setup);
      return { kind: 'declined', message: behavior.decline.message };
    }
    if (behavior.charge === 'authenticate_once' || behavior.charge === 'authenticate_always') {
      setup.status = 'requires_action';
      this.state.pendingAuth[session.id] = { paymentMethod: pm.id, intent: setup.id };
      return { kind: 'authenticate' };
    }
    return this.finishSetup(session, setup, pm);
  }

  private finishSetup(
    session: CheckoutSession,
    setup: SetupIntent,
    pm: PaymentMethod,
  ): PageOutcome {
    if (!session.customer) {
      session.customer = this.createCustomer(
        session.customer_email ? { email: session.customer_email } : {},
      ).id;
    }
    setup.customer = session.customer;
    setup.status = 'succeeded';
    pm.customer = session.customer;
    this.emit('payment_method.attached', pm);
    this.emit('setup_intent.succeeded', setup);
    const recurring = session.subscription_price;
    if (session.mode === 'subscription' && recurring) {
      const product = this.createProduct({ name: recurring.name });
      const price = this.createPrice({
        currency: recurring.currency,
        unit_amount: String(recurring.unit_amount),
        product: product.id,
        recurring: { interval: recurring.interval },
      });
      const subscription = this.startSubscription({
        customer: session.customer,
        price,
        paymentMethod: pm.id,
        trialDays: 0,
        // Stripe gives the subscription subscription_data[metadata], not the session's.
        metadata: { ...(session.subscription_data?.metadata ?? {}) },
      });
      if (subscription.status !== 'active') {
        const invoice = this.state.invoices[subscription.latest_invoice ?? ''];
        const intent = invoice?.payment_intent
          ? this.state.paymentIntents[invoice.payment_intent]
          : null;
        return {
          kind: 'declined',
          message: String(intent?.last_payment_error?.message ?? 'Your card was declined.'),
        };
      }
      session.subscription = subscription.id;
    }
    return this.completeSession(session);
  }

  private completeSession(session: CheckoutSession): PageOutcome {
    const intent = session.payment_intent ? this.paymentIntent(session.payment_intent) : null;
    session.status = 'complete';
    session.url = null;
    session.payment_status =
      session.mode === 'setup'
        ? 'no_payment_required'
        : session.mode === 'subscription' || intent?.status === 'succeeded'
          ? 'paid'
          : 'unpaid';
    if (intent?.customer && !session.customer) session.customer = intent.customer;
    this.emit('checkout.session.completed', session);
    return {
      kind: 'done',
      redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
    };
  }

  /** A session's cancel link: back to the merchant, nothing changed. */
  cancelUrl(sessionId: string): string | null {
    return this.session(sessionId).cancel_url;
  }

  event(id: string): StripeEvent {
    const event = this.state.events.find((e) => e.id === id);
    if (!event) throw resourceMissing('event', id);
    return event;
  }

  // ---- Products, Prices, Subscriptions and Invoices (the account's own plan, §13) ----

  createProduct(form: Form) {
    const name = field.string(form, 'name');
    if (!name) throw missingParam('name');
    const product = {
      id: stripeId('prod', 14),
      object: 'product',
      name,
      active: true,
      created: this.seconds(),
      metadata: metadataOf(form),
    };
    this.state.products[product.id] = product;
    return product;
  }

  product(id: string) {
    const product = this.state.products[id];
    if (!product) throw resourceMissing('product', id);
    return product;
  }

  createPrice(form: Form, param = ''): Price {
    const currency = field.string(form, 'currency');
    if (!currency) throw missingParam(`${param}currency`);
    const unit = this.amountOf(form, 'unit_amount', 0, `${param}unit_amount`);
    let product = field.string(form, 'product');
    if (product) this.product(product);
    else {
      const data = field.object(form, 'product_data');
      if (!field.string(data, 'name')) throw missingParam(`${param}product`);
      product = this.createProduct(data).id;
    }
    const recurring = field.object(form, 'recurring');
    const interval = field.string(recurring, 'interval');
    if (interval && !['day', 'week', 'month', 'year'].includes(interval))
      throw invalidRequest(
        `Invalid recurring[interval]: must be one of day, week, month, or year`,
        `${param}recurring[interval]`,
      );
    const price: Price = {
      id: stripeId('price', 24),
      object: 'price',
      created: this.seconds(),
      currency: currency.toLowerCase(),
      unit_amount: unit,
      product,
      recurring: interval
        ? {
            interval: interval as 'month',
            interval_count: Number(field.string(recurring, 'interval_count') ?? 1),
          }
        : null,
      type: interval ? 'recurring' : 'one_time',
      metadata: metadataOf(form),
    };
    this.state.prices[price.id] = price;
    return price;
  }

  price(id: string, param = 'id'): Price {
    const price = this.state.prices[id];
    if (!price) throw resourceMissing('price', id, param);
    return price;
  }

  private itemPrice(form: Form): Price {
    const [item] = field.list(form, 'items');
    if (!item) throw missingParam('items');
    const priceId = field.string(item, 'price');
    if (priceId) return this.price(priceId, 'items[0][price]');
    const data = field.object(item, 'price_data');
    if (!field.string(data, 'currency')) throw missingParam('items[0][price]');
    return this.createPrice(data, 'items[0][price_data][');
  }

  private periodEnd(start: number, price: Price): number {
    const date = new Date(start * 1000);
    const count = price.recurring?.interval_count ?? 1;
    switch (price.recurring?.interval) {
      case 'day':
        date.setUTCDate(date.getUTCDate() + count);
        break;
      case 'week':
        date.setUTCDate(date.getUTCDate() + 7 * count);
        break;
      case 'year':
        date.setUTCFullYear(date.getUTCFullYear() + count);
        break;
      default:
        date.setUTCMonth(date.getUTCMonth() + count);
    }
    return Math.floor(date.getTime() / 1000);
  }

  createSubscription(form: Form): Subscription {
    const customerId = field.string(form, 'customer');
    if (!customerId) throw missingParam('customer');
    this.customer(customerId, 'customer');
    const price = this.itemPrice(form);
    if (!price.recurring)
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        'items[0][price]',
      );
    const pm = field.string(form, 'default_payment_method');
    if (pm) this.paymentMethod(pm, 'default_payment_method');
    return this.startSubscription({
      customer: customerId,
      price,
      paymentMethod: pm ?? null,
      trialDays: Number(field.string(form, 'trial_period_days') ?? 0),
      metadata: metadataOf(form),
    });
  }

  private startSubscription(input: {
    customer: string;
    price: Price;
    paymentMethod: string | null;
    trialDays: number;
    metadata: Metadata;
  }): Subscription {
    const now = this.seconds();
    const trialEnd = input.trialDays > 0 ? now + input.trialDays * 86_400 : null;
    const end = trialEnd ?? this.periodEnd(now, input.price);
    const subscription: Subscription = {
      id: stripeId('sub', 24),
      object: 'subscription',
      created: now,
      status: trialEnd ? 'trialing' : 'incomplete',
      customer: input.customer,
      default_payment_method: input.paymentMethod,
      cancel_at_period_end: false,
      canceled_at: null,
      current_period_start: now,
      current_period_end: end,
      trial_end: trialEnd,
      latest_invoice: null,
      metadata: input.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si', 14),
            object: 'subscription_item',
            price: input.price,
            quantity: 1,
            current_period_start: now,
            current_period_end: end,
          },
        ],
      },
    };
    this.state.subscriptions[subscription.id] = subscription;
    if (!trialEnd) {
      const paid = this.invoiceAndPay(subscription, 'subscription_create');
      subscription.status = paid ? 'active' : 'incomplete';
    }
    this.emit('customer.subscription.created', subscription);
    return subscription;
  }

  /** An invoice for the subscription's period, charged off-session to its card; true if paid. */
  private invoiceAndPay(subscription: Subscription, reason: Invoice['billing_reason']): boolean {
    const price = subscription.items.data[0]?.price;
    if (!price) return false;
    const invoice: Invoice = {
      id: stripeId('in', 24),
      object: 'invoice',
      created: this.seconds(),
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'open',
      amount_due: price.unit_amount,
      amount_paid: 0,
      currency: price.currency,
      payment_intent: null,
      billing_reason: reason,
      period_start: subscription.current_period_start,
      period_end: subscription.current_period_end,
      metadata: {},
    };
    this.state.invoices[invoice.id] = invoice;
    subscription.latest_invoice = invoice.id;
    this.emit('invoice.created', invoice);
    const customer = this.customer(subscription.customer);
    const pm =
      subscription.default_payment_method ??
      customer.invoice_settings.default_payment_method ??
      Object.values(this.state.paymentMethods).find((m) => m.customer === customer.id)?.id ??
      null;
    if (!pm) {
      this.emit('invoice.payment_failed', invoice);
      return false;
    }
    try {
      const intent = this.createPaymentIntent({
        amount: String(price.unit_amount),
        currency: price.currency,
        customer: customer.id,
        payment_method: pm,
        off_session: 'true',
        confirm: 'true',
        description: `Subscription ${subscription.id}`,
        metadata: { ...subscription.metadata, subscription: subscription.id, invoice: invoice.id },
      });
      invoice.payment_intent = intent.id;
      if (intent.status !== 'succeeded') throw new Error('not paid');
    } catch {
      invoice.payment_intent ??=
        Object.values(this.state.paymentIntents).findLast((i) => i.metadata.invoice === invoice.id)
          ?.id ?? null;
      this.emit('invoice.payment_failed', invoice);
      return false;
    }
    invoice.status = 'paid';
    invoice.amount_paid = price.unit_amount;
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    return true;
  }

  subscription(id: string): Subscription {
    const subscription = this.state.subscriptions[id];
    if (!subscription) throw resourceMissing('subscription', id);
    return subscription;
  }

  listSubscriptions(query: Form): Subscription[] {
    const customer = field.string(query, 'customer');
    return Object.values(this.state.subscriptions).filter(
      (s) => !customer || s.customer === customer,
    );
  }

  updateSubscription(id: string, form: Form): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled')
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const atEnd = field.boolean(form, 'cancel_at_period_end');
    if (atEnd !== undefined) subscription.cancel_at_period_end = atEnd;
    const pm = field.string(form, 'default_payment_method');
    if (pm)
      subscription.default_payment_method = this.paymentMethod(pm, 'default_payment_method').id;
    Object.assign(subscription.metadata, metadataOf(form));
    if (field.list(form, 'items').length > 0) {
      const price = this.itemPrice(form);
      const item = subscription.items.data[0];
      if (item) item.price = price;
    }
    this.emit('customer.subscription.updated', subscription);
    return subscription;
  }

  cancelSubscription(id: string): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') return subscription;
    subscription.status = 'canceled';
    subscription.canceled_at = this.seconds();
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  invoice(id: string): Invoice {
    const invoice = this.state.invoices[id];
    if (!invoice) throw resourceMissing('invoice', id);
    return invoice;
  }

  listInvoices(query: Form): Invoice[] {
    const subscription = field.string(query, 'subscription');
    const customer = field.string(query, 'customer');
    return Object.values(this.state.invoices)
      .filter(
        (i) =>
          (!subscription || i.subscription === subscription) &&
          (!customer || i.customer === customer),
      )
      .sort((a, b) => Number(b.created) - Number(a.created));
  }

  /**
   * The control API's clock: moves the sandbox's time forward, and every subscription whose
   * period ended renews (an invoice charged to its card: active, or past_due when declined),
   * ends (cancel at period end), or leaves its trial, as Stripe's test clocks do.
   */
  advanceClock(seconds: number) {
    this.state.clockOffset = (this.state.clockOffset ?? 0) + seconds;
    const now = this.seconds();
    for (const subscription of Object.values(this.state.subscriptions)) {
      while (
        ['active', 'past_due', 'trialing'].includes(subscription.status) &&
        subscription.current_period_end <= now
      ) {
        if (subscription.cancel_at_period_end) {
          subscription.status = 'canceled';
          subscription.canceled_at = subscription.current_period_end;
          this.emit('customer.subscription.deleted', subscription);
          break;
        }
        const price = subscription.items.data[0]?.price;
        if (!price) break;
        subscription.current_period_start = subscription.current_period_end;
        subscription.current_period_end = this.periodEnd(subscription.current_period_start, price);
        for (const item of subscription.items.data) {
          item.current_period_start = subscription.current_period_start;
          item.current_period_end = subscription.current_period_end;
        }
        const paid = this.invoiceAndPay(subscription, 'subscription_cycle');
        subscription.status = paid ? 'active' : 'past_due';
        this.emit('customer.subscription.updated', subscription);
      }
    }
  }

  /** What was taken and given back, per PaymentIntent: the ledger tests compare with. */
  ledger() {
    const intents = Object.values(this.state.paymentIntents).map((intent) => {
      const charges = Object.values(this.state.charges).filter(
        (c) => c.payment_intent === intent.id && c.status === 'succeeded',
      );
      const captured = charges.reduce((sum, c) => sum + c.amount_captured, 0);
      const refunded = Object.values(this.state.refunds)
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      return {
        id: intent.id,
        status: intent.status,
        amount: intent.amount,
        held: intent.amount_capturable,
        captured,
        refunded,
        metadata: intent.metadata,
      };
    });
    const sum = (key: 'captured' | 'refunded' | 'held') =>
      intents.reduce((total, i) => total + i[key], 0);
    return {
      intents,
      captured: sum('captured'),
      refunded: sum('refunded'),
      held: sum('held'),
      net: sum('captured') - sum('refunded'),
    };
  }

  private amountOf(form: Form, name: string, min = 50, param = name): number {
    const raw = field.string(form, name);
    if (raw === undefined) throw missingParam(param);
    const amount = Number(raw);
    if (!Number.isInteger(amount) || amount < 0)
      throw invalidRequest(`Invalid integer: ${raw}`, param);
    if (amount < min)
      throw invalidRequest(`Amount must be at least $0.50 usd`, param, 'amount_too_small');
    return amount;
  }
}
