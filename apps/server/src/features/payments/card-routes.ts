import {
  emailQueuedResponseSchema,
  formatMoney,
  holdCaptureInputSchema,
  orderCardResponseSchema,
  orderResponseSchema,
  PAY_LINK_PURPOSE_LABELS,
  type PayLink,
  payLinkInputSchema,
  payLinkListResponseSchema,
  payLinkResponseSchema,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { logger } from '../../logging/logger.js';
import { accountCurrency, accountDocumentSettings } from '../accounts/queries.js';
import { handleBillingEvent } from '../billing/queries.js';
import { findCustomer } from '../customers/queries.js';
import { queueEmail } from '../emails/queries.js';
import type { FeatureContext, PaymentsDeps } from '../feature.js';
import { byToken, findOrder, liveOrderToken } from '../orders/queries.js';
import { payLinkEmail } from './card-emails.js';
import {
  captureHold,
  cardOnFile,
  cardSettings,
  orderCharges,
  reconcileHolds,
  releaseHold,
  settleSetupSession,
  startCardSetup,
} from './card-on-file.js';
import {
  createPayLink,
  orderPayLinks,
  type PayLinkPurpose,
  type PayLinkRow,
  recordProcessorRefunds,
  settleCheckoutSession,
} from './card-payments.js';
import { payLinks, stripeEvents } from './tables.js';

const tag = 'Card payments';
const CUSTOMER = {
  public: 'The customer pays from their order page (the unguessable token) or a pay link.',
};
const PAGE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

const view = (row: PayLinkRow): PayLink => ({
  id: row.id,
  purpose: row.purpose,
  amount: row.amountCents,
  status: row.status,
  url: row.status === 'open' ? row.url : null,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

function notConfigured(): never {
  throw new AppError('conflict', 'Card payments are not set up on this server.');
}

/** A form post from our own page only (the order page has no session to ride on, but still). */
function crossSite(
  headers: { get(name: string): string | null | undefined },
  host: string | undefined,
) {
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.get('origin');
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

function thanksPage(title: string, text: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fafaf9}main{max-width:36rem;margin:0 auto;padding:2rem 1rem}</style></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

/**
 * Handles one verified Stripe event. Each handler records by the processor's ids, so handling
 * an event twice (a redelivery racing the first) records nothing twice.
 */
async function handleEvent(db: Db, stripe: Stripe, event: Stripe.Event, now: Date) {
  // §13: the account's own plan (its Checkout Sessions, subscription and invoices) is billing's.
  if (await handleBillingEvent(db, stripe, event)) return;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      if (event.data.object.mode === 'setup')
        await settleSetupSession(db, stripe, event.data.object, now);
      else await settleCheckoutSession(db, event.data.object, now);
      return;
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
      // A security deposit hold captured or ended (by us with the answer lost, in the
      // processor's dashboard, or expired): settled as the processor now has it.
      if (event.data.object.metadata?.tentpole_kind === 'hold')
        await reconcileHolds(db, stripe, now, event.data.object.id);
      return;
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : charge.payment_intent?.id;
      if (intent) await recordProcessorRefunds(db, stripe, intent, now);
      return;
    }
    default:
      return;
  }
}

export function cardPaymentRoutes({ db, clock, payments, realtime }: FeatureContext): RouteDef[] {
  const deps = (): PaymentsDeps => payments ?? notConfigured();
  return [
    {
      method: 'GET',
      path: '/api/orders/:id/pay-links',
      access: { signedIn: true },
      summary:
        "An order's pay links (Checkout Sessions for an amount) and whether cards are taken.",
      tag,
      response: payLinkListResponseSchema,
      async handler(c) {
        const id = c.req.param('id');
        const accountId = c.get('user').accountId;
        const order = isUuid(id) ? await findOrder(db, accountId, id) : null;
        if (!order) throw notFound('Order');
        const rows = await orderPayLinks(db, accountId, order.id);
        return c.json({ payLinks: rows.map(view), cardPayments: Boolean(payments) });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/pay-links',
      access: { permission: 'payment.write' },
      summary:
        'A pay link for the booking deposit, the balance, or another amount: a Checkout Session the customer pays by card.',
      tag,
      request: payLinkInputSchema,
      response: payLinkResponseSchema,
      status: 201,
      errors: [409, 503],
      async handler(c) {
        const id = c.req.param('id');
        const user = c.get('user');
        if (!isUuid(id) || !(await findOrder(db, user.accountId, id))) throw notFound('Order');
        const input = await readJson(c, payLinkInputSchema);
        const link = await createPayLink(db, deps(), {
          accountId: user.accountId,
          orderId: id,
          purpose: input.purpose,
          amount: input.amount,
          userId: user.id,
          now: clock(),
        });
        return c.json({ payLink: view(link) }, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/pay-links/:linkId/email',
      access: { permission: 'payment.write' },
      summary: "E-mails an open pay link to the order's customer (queued, sent once).",
      tag,
      response: emailQueuedResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const id = c.req.param('id');
        const linkId = c.req.param('linkId');
        const user = c.get('user');
        const order = isUuid(id) ? await findOrder(db, user.accountId, id) : null;
        if (!order || !isUuid(linkId)) throw notFound('Pay link');
        const [link] = await db
          .select()
          .from(payLinks)
          .where(
            and(
              eq(payLinks.accountId, user.accountId),
              eq(payLinks.orderId, order.id),
              eq(payLinks.id, linkId),
            ),
          )
          .limit(1);
        if (!link) throw notFound('Pay link');
        if (link.status !== 'open' || !link.url)
          throw new AppError('conflict', 'This pay link is no longer open.');
        const [customer, settings, currency] = await Promise.all([
          findCustomer(db, user.accountId, order.customer.id),
          accountDocumentSettings(db, user.accountId),
          accountCurrency(db, user.accountId),
        ]);
        if (!customer) throw notFound('Customer');
        await queueEmail(db, {
          accountId: user.accountId,
          orderId: order.id,
          customerId: customer.id,
          kind: 'pay_link',
          to: customer.email,
          ...payLinkEmail({
            business: settings.name,
            customerName: order.customer.name,
            orderNumber: order.number,
            amount: formatMoney(link.amountCents, currency),
            purpose: link.purpose === 'custom' ? 'Payment' : PAY_LINK_PURPOSE_LABELS[link.purpose],
            url: link.url,
          }),
        });
        realtime?.worker.kick();
        return c.json({ queued: true as const, to: customer.email }, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/webhooks/stripe',
      access: {
        public: 'Stripe calls it; the Stripe-Signature header is verified before anything is read',
      },
      summary:
        'Stripe events (payments, refunds, expired sessions), verified and handled once each.',
      tag,
      response: z.object({ received: z.literal(true) }),
      errors: [400],
      async handler(c) {
        const { stripe, webhookSecret } = deps();
        const payload = await c.req.text();
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(
            payload,
            c.req.header('stripe-signature') ?? '',
            webhookSecret,
          );
        } catch {
          throw new AppError(
            'bad_request',
            'The Stripe-Signature header does not match this payload, or is too old.',
          );
        }
        const [seen] = await db
          .select({ id: stripeEvents.id })
          .from(stripeEvents)
          .where(eq(stripeEvents.id, event.id))
          .limit(1);
        if (!seen) {
          // Handled first, remembered after: a crash between the two redelivers the event,
          // and handling it again records nothing twice (every row keys on Stripe's ids).
          await handleEvent(db, stripe, event, clock());
          await db
            .insert(stripeEvents)
            .values({ id: event.id, type: event.type })
            .onConflictDoNothing();
        }
        return c.json({ received: true as const });
      },
    },
    {
      method: 'POST',
      path: '/o/:token/pay',
      access: CUSTOMER,
      summary: 'The customer pays the deposit, the balance or an amount: off to the Checkout page.',
      tag,
      response: {
        kind: 'html',
        description: 'A redirect to the Checkout page, or back with why not.',
      },
      async handler(c) {
        if (crossSite(c.req.raw.headers, c.req.header('host')))
          throw new AppError('forbidden', 'Cross-site request refused.');
        const token = c.req.param('token') ?? '';
        const link = await byToken(db, token);
        if (!link) return c.text('Not found', 404);
        const back = (reason: string) => c.redirect(`/o/${token}?pay=${reason}`, 303);
        if (!payments) return back('unavailable');
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const purpose = String(form.purpose ?? '');
        if (!['deposit', 'balance', 'custom'].includes(purpose)) return back('amount');
        const dollars = String(form.amount ?? '').replace(/[$,\s]/g, '');
        const amount =
          purpose === 'custom'
            ? /^\d+(\.\d{1,2})?$/.test(dollars)
              ? Math.round(Number(dollars) * 100)
              : -1
            : undefined;
        if (amount === -1) return back('amount');
        try {
          const payLink = await createPayLink(db, payments, {
            accountId: link.accountId,
            orderId: link.orderId,
            purpose: purpose as PayLinkPurpose,
            amount,
            userId: null,
            now: clock(),
          });
          if (!payLink.url) return back('unavailable');
          return c.redirect(payLink.url, 303);
        } catch (error) {
          if (error instanceof AppError && error.status < 500)
            return back(error.code === 'validation_failed' ? 'amount' : 'nothing-due');
          if (error instanceof AppError) return back('unavailable');
          throw error;
        }
      },
    },
    {
      method: 'GET',
      path: '/api/orders/:id/card',
      access: { signedIn: true },
      summary:
        "The customer's card on file, the order's automatic charges (autopay, deposit hold), and the account's card settings.",
      tag,
      response: orderCardResponseSchema,
      async handler(c) {
        const id = c.req.param('id');
        const accountId = c.get('user').accountId;
        const order = isUuid(id) ? await findOrder(db, accountId, id) : null;
        if (!order) throw notFound('Order');
        const [card, charges, settings] = await Promise.all([
          cardOnFile(db, accountId, order.customer.id),
          orderCharges(db, accountId, order.id),
          cardSettings(db, accountId),
        ]);
        return c.json({
          card: card && {
            brand: card.brand,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
            savedAt: card.savedAt.toISOString(),
          },
          charges,
          settings,
        });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/card-hold/capture',
      access: { permission: 'payment.write' },
      summary: 'Keep part or all of the security deposit held on the card (damage), saying why.',
      tag,
      request: holdCaptureInputSchema,
      response: orderResponseSchema,
      errors: [409, 503],
      async handler(c) {
        const id = c.req.param('id');
        const user = c.get('user');
        if (!isUuid(id) || !(await findOrder(db, user.accountId, id))) throw notFound('Order');
        const input = await readJson(c, holdCaptureInputSchema);
        await captureHold(db, deps().stripe, {
          accountId: user.accountId,
          orderId: id,
          amount: input.amount,
          note: input.note,
          userId: user.id,
          now: clock(),
        });
        return c.json({ order: await findOrder(db, user.accountId, id) });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/card-hold/release',
      access: { permission: 'payment.write' },
      summary: 'Release the security deposit held on the card: nothing is taken.',
      tag,
      response: orderResponseSchema,
      errors: [409, 503],
      async handler(c) {
        const id = c.req.param('id');
        const user = c.get('user');
        if (!isUuid(id) || !(await findOrder(db, user.accountId, id))) throw notFound('Order');
        await releaseHold(db, deps().stripe, {
          accountId: user.accountId,
          orderId: id,
          userId: user.id,
          now: clock(),
        });
        return c.json({ order: await findOrder(db, user.accountId, id) });
      },
    },
    {
      method: 'POST',
      path: '/o/:token/save-card',
      access: CUSTOMER,
      summary:
        'The customer saves a card for the balance and the security deposit: off to Checkout (setup).',
      tag,
      response: {
        kind: 'html',
        description: 'A redirect to the Checkout page, or back with why not.',
      },
      async handler(c) {
        if (crossSite(c.req.raw.headers, c.req.header('host')))
          throw new AppError('forbidden', 'Cross-site request refused.');
        const token = c.req.param('token') ?? '';
        const link = await byToken(db, token);
        if (!link) return c.text('Not found', 404);
        if (!payments) return c.redirect(`/o/${token}?pay=unavailable`, 303);
        try {
          const url = await startCardSetup(
            db,
            payments,
            link,
            `${payments.appUrl.replace(/\/$/, '')}/o/${token}`,
          );
          return c.redirect(url, 303);
        } catch (error) {
          if (error instanceof AppError) return c.redirect(`/o/${token}?pay=unavailable`, 303);
          throw error;
        }
      },
    },
    {
      method: 'GET',
      path: '/pay/done',
      access: CUSTOMER,
      summary:
        'Where Checkout sends the customer back: the payment is recorded (webhook or not) and their order page shown.',
      tag,
      response: { kind: 'html', description: 'A redirect to the order page, or a thank-you page.' },
      async handler(c) {
        const sessionId = c.req.query('session') ?? '';
        if (!payments || !/^cs_[A-Za-z0-9_]{10,200}$/.test(sessionId))
          return c.html(
            thanksPage('Not found', 'This payment page does not exist.'),
            404,
            PAGE_HEADERS,
          );
        let settled: Awaited<ReturnType<typeof settleCheckoutSession>> = null;
        try {
          const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
          if (session.mode === 'setup') {
            const saved = await settleSetupSession(db, payments.stripe, session, clock());
            const token =
              saved?.orderId && (await liveOrderToken(db, saved.accountId, saved.orderId));
            if (token) return c.redirect(`/o/${token}?pay=card-saved`, 303);
            return c.html(
              thanksPage('Thank you', 'Your card is saved. You may close this page.'),
              200,
              PAGE_HEADERS,
            );
          }
          settled = await settleCheckoutSession(db, session, clock());
        } catch (error) {
          // The webhook or the reconciling job records it; the customer is told it is on its way.
          logger.warn({ err: error }, 'Stripe: could not read a session on the way back');
        }
        const [row] = settled
          ? [settled.link]
          : await db
              .select()
              .from(payLinks)
              .where(eq(payLinks.checkoutSessionId, sessionId))
              .limit(1);
        if (!row)
          return c.html(
            thanksPage('Not found', 'This payment page does not exist.'),
            404,
            PAGE_HEADERS,
          );
        const token = await liveOrderToken(db, row.accountId, row.orderId);
        const state = settled?.link.status === 'paid' ? 'paid' : 'processing';
        if (token) return c.redirect(`/o/${token}?pay=${state}`, 303);
        return c.html(
          thanksPage(
            state === 'paid' ? 'Thank you' : 'Almost there',
            state === 'paid'
              ? 'Your payment is received. You may close this page.'
              : 'Your payment is being confirmed. You may close this page.',
          ),
          200,
          PAGE_HEADERS,
        );
      },
    },
    {
      method: 'GET',
      path: '/pay/back/:id',
      access: CUSTOMER,
      summary: 'Where Checkout sends a customer who went back without paying: their order page.',
      tag,
      response: {
        kind: 'html',
        description: 'A redirect to the order page, or a page saying nothing was taken.',
      },
      async handler(c) {
        const id = c.req.param('id');
        const [row] = isUuid(id)
          ? await db.select().from(payLinks).where(eq(payLinks.id, id)).limit(1)
          : [];
        const token = row ? await liveOrderToken(db, row.accountId, row.orderId) : null;
        if (token) return c.redirect(`/o/${token}`, 303);
        return c.html(
          thanksPage('No payment was taken', 'You may close this page.'),
          200,
          PAGE_HEADERS,
        );
      },
    },
  ];
}
