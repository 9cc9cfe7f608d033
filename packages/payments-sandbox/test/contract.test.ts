import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSignature } from '../src/index';
import { SECRET_KEY, startHarness, WEBHOOK_SECRET } from './harness';

// Every call Tentpole makes, made with the real `stripe` library against the sandbox, and what
// Stripe answers to each: objects, state machines, errors, idempotency and signed webhooks.
let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const paymentSession = (
  amount = 12_500,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
) =>
  h.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: amount,
          product_data: { name: 'Deposit for order #1042 🎪' },
        },
      },
    ],
    success_url: 'http://localhost/o/token?paid={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost/o/token',
    metadata: { order_id: 'order-1' },
    payment_intent_data: { metadata: { order_id: 'order-1' } },
    ...extra,
  });

describe('authentication and errors', () => {
  it('refuses a wrong secret key as Stripe does', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: 'localhost',
      port: new URL(h.url).port,
      protocol: 'http',
      httpClient: (h.stripe as unknown as { _api: { httpClient: Stripe.HttpClient } })._api
        .httpClient,
    });
    await expect(wrong.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('answers resource_missing for an unknown id', async () => {
    const error = await h.stripe.paymentIntents.retrieve('pi_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404, param: 'id' });
  });

  it('answers parameter_missing with the parameter named', async () => {
    const error = await h.stripe.paymentIntents
      .create({ currency: 'usd' } as never)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'parameter_missing', param: 'amount' });
  });

  it('fails the next requests on request, and the library retries a 500', async () => {
    await h.control('/fail-next', { count: 1 });
    const customer = await h.stripe.customers.create({ email: 'retry@example.com' });
    expect(customer.email).toBe('retry@example.com');
    await h.control('/fail-next', { count: 5 });
    await expect(h.stripe.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    await h.control('/fail-next', { count: 0 });
  });
});

describe('Checkout Sessions and the hosted page', () => {
  it('takes 4242 and completes: paid, with its PaymentIntent and a signed webhook', async () => {
    const session = await paymentSession();
    expect(session.url).toBe(`${h.base}/pay/${session.id}`);
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 12_500,
    });
    const page = await fetch(session.url ?? '').then((r) => r.text());
    expect(page).toContain('Pay $125.00');
    expect(page).toContain('Deposit for order #1042 🎪');

    const paid = await h.payOnPage(session.url ?? '', '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://localhost/o/token?paid=${session.id}`);

    const done = await h.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount_received: 12_500,
      metadata: { order_id: 'order-1' },
    });
    const found = await h.stripe.checkout.sessions.list({ payment_intent: intent.id });
    expect(found.data.map((s) => s.id)).toEqual([session.id]);

    // Stripe does not promise the order in which events arrive (each is its own delivery),
    // so wait for all three rather than for the last one sent.
    const expected = ['payment_intent.succeeded', 'charge.succeeded', 'checkout.session.completed'];
    const typesFor = () =>
      h.received
        .filter(
          (e) =>
            JSON.stringify(e.data.object).includes(intent.id) ||
            (e.data.object as { id: string }).id === session.id,
        )
        .map((e): string => e.type);
    await h.waitFor(() => expected.every((type) => typesFor().includes(type)), expected.join(', '));
    expect(typesFor()).toEqual(expect.arrayContaining(expected));
  });

  it('declines 4000 0000 0000 0002 with Stripe’s message, changes nothing, then takes another card', async () => {
    const session = await paymentSession(5_000);
    const declined = await h.payOnPage(session.url ?? '', '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    const after = await h.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(after).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect((after.payment_intent as Stripe.PaymentIntent).last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    const funds = await h.payOnPage(session.url ?? '', '4000000000009995');
    expect(funds.html).toContain('Your card has insufficient funds.');
    const typo = await h.payOnPage(session.url ?? '', '4242424242424241');
    expect(typo.html).toContain('Your card number is incorrect.');
    expect((await h.payOnPage(session.url ?? '', '4242424242424242')).status).toBe(303);
    await h.waitFor(
      () =>
        h.received.some(
          (e) =>
            e.type === 'payment_intent.payment_failed' &&
            (e.data.object as { id: string }).id ===
              (after.payment_intent as Stripe.PaymentIntent).id,
        ),
      'payment_intent.payment_failed',
    );
  });

  it('asks 4000 0025 0000 3155 to authenticate, then succeeds; a failed authentication changes nothing', async () => {
    const session = await paymentSession(7_700);
    const first = await h.payOnPage(session.url ?? '', '4000002500003155');
    expect(first).toMatchObject({ status: 303, location: `/sandbox/payments/pay/${session.id}` });
    expect(await fetch(session.url ?? '').then((r) => r.text())).toContain(
      'Complete authentication',
    );
    const failed = await fetch(`${session.url}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
    });
    expect(await failed.text()).toContain('We are unable to authenticate your payment method.');
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    await h.payOnPage(session.url ?? '', '4000002500003155');
    const done = await fetch(`${session.url}/authenticate`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
    });
    expect(done.status).toBe(303);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('expires a session: its page says so and it can no longer be paid', async () => {
    const session = await paymentSession();
    const expired = await h.stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const page = await h.payOnPage(`${h.base}/pay/${session.id}`, '4242424242424242');
    expect(page.html).toContain('This Checkout Session is no longer active.');
    await expect(h.stripe.checkout.sessions.expire(session.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe('cards on file and off-session charges', () => {
  async function saveCard(card: string) {
    const customer = await h.stripe.customers.create({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    const session = await h.stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'usd',
      customer: customer.id,
      success_url: 'http://localhost/done',
      setup_intent_data: { metadata: { order_id: 'order-2' } },
    });
    const page = await h.payOnPage(session.url ?? '', card);
    if (page.location?.startsWith('/sandbox')) {
      await fetch(`${session.url}/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=complete',
        redirect: 'manual',
      });
    }
    const done = await h.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['setup_intent'],
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    const setup = done.setup_intent as Stripe.SetupIntent;
    expect(setup.status).toBe('succeeded');
    // As the app reads them back after the customer's return (card-on-file.ts).
    const again = await h.stripe.setupIntents.retrieve(setup.id);
    expect(again).toMatchObject({
      id: setup.id,
      status: 'succeeded',
      payment_method: setup.payment_method,
    });
    const method = await h.stripe.paymentMethods.retrieve(setup.payment_method as string);
    expect(method.card?.last4).toBe(card.slice(-4));
    return { customer, paymentMethod: setup.payment_method as string };
  }

  it('saves a card in a setup session and charges it off-session', async () => {
    const { customer, paymentMethod } = await saveCard('4242424242424242');
    const methods = await h.stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data.map((m) => m.id)).toEqual([paymentMethod]);
    expect(methods.data[0]?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const charge = await h.stripe.paymentIntents.create({
      amount: 30_000,
      currency: 'usd',
      customer: customer.id,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
      metadata: { order_id: 'order-2', purpose: 'autopay' },
    });
    expect(charge).toMatchObject({ status: 'succeeded', amount_received: 30_000 });
  });

  it('trusts 3155 off-session once authenticated; 3184 always needs it (authentication_required)', async () => {
    const once = await saveCard('4000002500003155');
    const ok = await h.stripe.paymentIntents.create({
      amount: 1_000,
      currency: 'usd',
      customer: once.customer.id,
      payment_method: once.paymentMethod,
      off_session: true,
      confirm: true,
    });
    expect(ok.status).toBe('succeeded');
    const always = await saveCard('4000002760003184');
    const error = await h.stripe.paymentIntents
      .create({
        amount: 1_000,
        currency: 'usd',
        customer: always.customer.id,
        payment_method: always.paymentMethod,
        off_session: true,
        confirm: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      code: 'authentication_required',
      decline_code: 'authentication_required',
    });
    expect((error as Stripe.errors.StripeCardError).payment_intent?.status).toBe(
      'requires_payment_method',
    );
  });

  it('declines off-session with card_declined and its decline_code', async () => {
    const customer = await h.stripe.customers.create({});
    const error = await h.stripe.paymentIntents
      .create({
        amount: 2_000,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        confirm: true,
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });
});

describe('holds, captures, cancels and refunds', () => {
  it('holds with manual capture, captures part of it, and refuses to capture twice', async () => {
    const hold = await h.stripe.paymentIntents.create({
      amount: 20_000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    expect(hold).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 20_000,
      amount_received: 0,
    });
    const tooMuch = await h.stripe.paymentIntents
      .capture(hold.id, { amount_to_capture: 25_000 })
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ param: 'amount_to_capture' });
    const captured = await h.stripe.paymentIntents.capture(hold.id, { amount_to_capture: 7_500 });
    expect(captured).toMatchObject({
      status: 'succeeded',
      amount_received: 7_500,
      amount_capturable: 0,
    });
    const again = await h.stripe.paymentIntents.capture(hold.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('releases a hold by cancelling; a succeeded intent cannot be cancelled', async () => {
    const hold = await h.stripe.paymentIntents.create({
      amount: 15_000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    const released = await h.stripe.paymentIntents.cancel(hold.id);
    expect(released).toMatchObject({ status: 'canceled', amount_capturable: 0 });
    const paid = await h.stripe.paymentIntents.create({
      amount: 1_000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const error = await h.stripe.paymentIntents.cancel(paid.id).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'payment_intent_unexpected_state' });
    await h.waitFor(
      () =>
        h.received.some(
          (e) =>
            e.type === 'payment_intent.canceled' &&
            (e.data.object as { id: string }).id === hold.id,
        ),
      'payment_intent.canceled',
    );
  });

  it('refunds part, then the rest, then refuses; each is a charge.refunded event', async () => {
    const paid = await h.stripe.paymentIntents.create({
      amount: 10_000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const part = await h.stripe.refunds.create({
      payment_intent: paid.id,
      amount: 2_500,
      metadata: { of: 'rental' },
    });
    expect(part).toMatchObject({ status: 'succeeded', amount: 2_500, payment_intent: paid.id });
    const over = await h.stripe.refunds
      .create({ payment_intent: paid.id, amount: 9_000 })
      .catch((e: unknown) => e);
    expect(over).toMatchObject({
      param: 'amount',
      message: 'Refund amount ($90.00) is greater than unrefunded amount on charge ($75.00)',
    });
    const rest = await h.stripe.refunds.create({ payment_intent: paid.id });
    expect(rest.amount).toBe(7_500);
    const none = await h.stripe.refunds
      .create({ payment_intent: paid.id })
      .catch((e: unknown) => e);
    expect(none).toMatchObject({ code: 'charge_already_refunded' });
    const charge = await h.stripe.charges.retrieve(paid.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: true });
    expect((await h.stripe.refunds.retrieve(part.id)).amount).toBe(2_500);
    const listed = await h.stripe.refunds.list({ payment_intent: paid.id, limit: 100 });
    expect(listed.data.map((r) => r.amount).sort()).toEqual([2_500, 7_500]);
    await h.waitFor(
      () =>
        h.received.filter(
          (e) => e.type === 'charge.refunded' && (e.data.object as { id: string }).id === charge.id,
        ).length === 2,
      'two charge.refunded',
    );
  });
});

describe('idempotency', () => {
  it('returns the same result for the same key, and refuses the key with other parameters', async () => {
    const key = `order-1-deposit-${Date.now()}`;
    const first = await h.stripe.paymentIntents.create(
      { amount: 4_200, currency: 'usd' },
      { idempotencyKey: key },
    );
    const second = await h.stripe.paymentIntents.create(
      { amount: 4_200, currency: 'usd' },
      { idempotencyKey: key },
    );
    expect(second.id).toBe(first.id);
    const other = await h.stripe.paymentIntents
      .create({ amount: 9_900, currency: 'usd' }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const declinedKey = `${key}-declined`;
    const decline = () =>
      h.stripe.paymentIntents
        .create(
          {
            amount: 4_200,
            currency: 'usd',
            payment_method: 'pm_card_chargeDeclined',
            confirm: true,
          },
          { idempotencyKey: declinedKey },
        )
        .catch((e: Stripe.errors.StripeCardError) => e.payment_intent?.id);
    expect(await decline()).toBe(await decline());
  });
});

describe('webhooks', () => {
  it('retries a failing endpoint with backoff until it answers', async () => {
    const flaky = await startHarness({ failWebhooks: 2, retryBaseMs: 10 });
    try {
      const customer = await flaky.stripe.customers.create({ email: 'hooks@example.com' });
      await flaky.waitFor(
        () => flaky.received.some((e) => (e.data.object as { id: string }).id === customer.id),
        'the event, third time lucky',
      );
      const { deliveries } = (await flaky.control('/deliveries')) as {
        deliveries: { attempts: number; status: string }[];
      };
      expect(deliveries[0]).toMatchObject({ attempts: 3, status: 'delivered' });
    } finally {
      await flaky.close();
    }
  });

  it('holds deliveries on request and delivers them when released', async () => {
    await h.control('/webhooks', { hold: true });
    const customer = await h.stripe.customers.create({ email: 'held@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.received.some((e) => (e.data.object as { id: string }).id === customer.id)).toBe(
      false,
    );
    await h.control('/webhooks', { hold: false });
    await h.waitFor(
      () => h.received.some((e) => (e.data.object as { id: string }).id === customer.id),
      'the held event',
    );
  });

  it('delays deliveries on request', async () => {
    await h.control('/webhooks', { delayMs: 300 });
    try {
      const started = Date.now();
      const customer = await h.stripe.customers.create({ email: 'late@example.com' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(h.received.some((e) => (e.data.object as { id: string }).id === customer.id)).toBe(
        false,
      );
      await h.waitFor(
        () => h.received.some((e) => (e.data.object as { id: string }).id === customer.id),
        'the delayed event',
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await h.control('/webhooks', { delayMs: 0 });
    }
  });

  it('signs as Stripe does: constructEvent rejects a tampered body and a replayed (stale) one', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(
      h.stripe.webhooks.constructEvent(
        payload,
        stripeSignature(payload, WEBHOOK_SECRET, now),
        WEBHOOK_SECRET,
      ).id,
    ).toBe('evt_1');
    expect(() =>
      h.stripe.webhooks.constructEvent(
        payload.replace('evt_1', 'evt_2'),
        stripeSignature(payload, WEBHOOK_SECRET, now),
        WEBHOOK_SECRET,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      h.stripe.webhooks.constructEvent(
        payload,
        stripeSignature(payload, WEBHOOK_SECRET, now - 3600),
        WEBHOOK_SECRET,
      ),
    ).toThrow(/Timestamp outside the tolerance zone/);
    expect(() =>
      h.stripe.webhooks.constructEvent(
        payload,
        stripeSignature(payload, 'whsec_other', now),
        WEBHOOK_SECRET,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('keeps a ledger of what was taken and given back', async () => {
    const ledger = await h.control('/ledger');
    expect(ledger.net).toBe(Number(ledger.captured) - Number(ledger.refunded));
    expect(SECRET_KEY.startsWith('sk_test_')).toBe(true);
  });
});

describe('subscriptions (the account’s own plan)', () => {
  const advance = (days: number) => h.control('/advance', { seconds: days * 86_400 });

  it('starts one from a Checkout Session in subscription mode, paid on the hosted page', async () => {
    const customer = await h.stripe.customers.create({ email: 'owner@bouncekingdom.test' });
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 4_900,
            recurring: { interval: 'month' },
            product_data: { name: 'Tentpole Pro' },
          },
        },
      ],
      success_url: 'http://localhost/account?tab=billing&session={CHECKOUT_SESSION_ID}',
      metadata: { tentpole_kind: 'billing' },
      subscription_data: { metadata: { tentpole_account: 'acct-1' } },
    });
    expect(await fetch(session.url ?? '').then((r) => r.text())).toContain(
      'Subscribe $49.00 per month',
    );
    expect((await h.payOnPage(session.url ?? '', '4242424242424242')).status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string);
    // As Stripe: the subscription gets subscription_data[metadata], not the session's metadata.
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id });
    expect(subscription.metadata).toEqual({ tentpole_account: 'acct-1' });
    expect(done.metadata).toEqual({ tentpole_kind: 'billing' });
    expect(done).not.toHaveProperty('subscription_data');
    const invoices = await h.stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((i) => [i.status, i.amount_paid])).toEqual([['paid', 4_900]]);
    await h.waitFor(
      () =>
        h.received.some(
          (e) =>
            e.type === 'customer.subscription.created' &&
            (e.data.object as { id: string }).id === subscription.id,
        ),
      'customer.subscription.created',
    );
  });

  it('renews each period, changes price, and ends at the period end when asked', async () => {
    const customer = await h.stripe.customers.create({});
    const pm = await h.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await h.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm.id },
    });
    const product = await h.stripe.products.create({ name: 'Tentpole Core' });
    const price = await h.stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 2_900,
      recurring: { interval: 'month' },
    });
    const subscription = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    expect(subscription.status).toBe('active');
    await advance(32);
    const invoices = await h.stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((i) => i.billing_reason).sort()).toEqual([
      'subscription_create',
      'subscription_cycle',
    ]);
    const pro = await h.stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 9_900,
      recurring: { interval: 'month' },
    });
    const changed = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ price: pro.id }],
      cancel_at_period_end: true,
    });
    expect(changed.items.data[0]?.price.unit_amount).toBe(9_900);
    await advance(32);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await h.waitFor(
      () =>
        h.received.some(
          (e) =>
            e.type === 'customer.subscription.deleted' &&
            (e.data.object as { id: string }).id === subscription.id,
        ),
      'customer.subscription.deleted',
    );
  });

  it('goes past due when a renewal is declined after a trial, and cancels on request', async () => {
    const customer = await h.stripe.customers.create({});
    const pm = await h.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    const subscription = await h.stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: pm.id,
      trial_period_days: 7,
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 2_900,
            recurring: { interval: 'month' },
            product: (await h.stripe.products.create({ name: 'Trial plan' })).id,
          },
        },
      ],
    });
    expect(subscription.status).toBe('trialing');
    await advance(8);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await h.waitFor(
      () =>
        h.received.some(
          (e) =>
            e.type === 'invoice.payment_failed' &&
            (e.data.object as { subscription?: string }).subscription === subscription.id,
        ),
      'invoice.payment_failed',
    );
    expect((await h.stripe.subscriptions.cancel(subscription.id)).status).toBe('canceled');
  });
});
