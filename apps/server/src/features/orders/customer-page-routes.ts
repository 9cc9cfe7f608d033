import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { orderLinkResponseSchema } from '@tentpole/domain';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { clientAddress } from '../../http/client-address.js';
import { isUuid } from '../../http/is-uuid.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import {
  approveChanges,
  byToken,
  customerDocument,
  customerView,
  orderLink,
  revokeOrderLinks,
  signOrder,
} from './customer-page.js';
import { customerPageHtml, ORDER_PAGE_SCRIPT } from './customer-page-html.js';
import { PHOTO_MAX_BYTES, PHOTOS_PER_UPLOAD, readOrderPhoto, storeOrderPhotos } from './photos.js';
import { findOrder } from './queries.js';

const tag = 'Customer order page';
const PUBLIC = {
  public: 'The customer opens their order with the unguessable, revocable token in its link.',
};
// The package's UMD build (its `require` export), minified beside it; it sets window.SignaturePad.
const SIGNATURE_PAD = readFileSync(
  createRequire(import.meta.url)
    .resolve('signature_pad')
    .replace(/\.umd\.js$/, '.umd.min.js'),
  'utf8',
);
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
};

/** A form post from our own page only (the page has no session to ride on, but still). */
function sameOrigin(c: Context<AppEnv>) {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none')
    throw new AppError('forbidden', 'Cross-site request refused.');
  if (origin && origin !== 'null') {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {}
    if (host !== c.req.header('host'))
      throw new AppError('forbidden', 'Cross-site request refused.');
  }
}

const PAY_NOTICES: Record<string, { kind: 'ok' | 'error'; text: string }> = {
  paid: { kind: 'ok', text: 'Thank you: your payment is received.' },
  processing: { kind: 'ok', text: 'Thank you: your payment is being confirmed.' },
  unavailable: {
    kind: 'error',
    text: 'Card payments are unavailable right now. Try again in a minute.',
  },
  amount: {
    kind: 'error',
    text: 'Enter an amount of at least $0.50 and no more than the balance due.',
  },
  'nothing-due': { kind: 'error', text: 'Nothing is due on this order.' },
  'card-saved': { kind: 'ok', text: 'Thank you: your card is saved.' },
};

export function customerPageRoutes({
  db,
  clock,
  phone,
  payments,
  trustedProxies,
}: FeatureContext): RouteDef[] {
  async function page(
    c: Context<AppEnv>,
    status: 200 | 400 | 409,
    notice: Parameters<typeof customerPageHtml>[2],
  ) {
    const token = c.req.param('token') ?? '';
    const view = await customerView(db, token, clock());
    if (!view) return c.html(NOT_FOUND, 404, PAGE_HEADERS);
    return c.html(
      customerPageHtml(view, token, notice, { cardPayments: Boolean(payments) }),
      status,
      PAGE_HEADERS,
    );
  }
  return [
    {
      method: 'POST',
      path: '/api/orders/:id/link',
      access: { permission: 'order.write' },
      summary: "The customer's link to their order page (made on first ask).",
      tag,
      response: orderLinkResponseSchema,
      async handler(c) {
        const id = c.req.param('id');
        const order = isUuid(id) ? await findOrder(db, c.get('user').accountId, id) : null;
        if (!order) throw notFound('Order');
        const appUrl = phone?.appUrl ?? new URL(c.req.url).origin;
        return c.json(await orderLink(db, c.get('user').accountId, order.id, appUrl, clock()));
      },
    },
    {
      method: 'DELETE',
      path: '/api/orders/:id/link',
      access: { permission: 'order.write' },
      summary: "Revoke the customer's link: it no longer opens the order.",
      tag,
      response: { kind: 'empty', description: 'Revoked.' },
      status: 204,
      async handler(c) {
        const id = c.req.param('id');
        const order = isUuid(id) ? await findOrder(db, c.get('user').accountId, id) : null;
        if (!order) throw notFound('Order');
        await revokeOrderLinks(db, c.get('user').accountId, order.id, clock());
        return c.body(null, 204);
      },
    },
    {
      method: 'GET',
      path: '/o/assets/signature-pad.js',
      access: { public: 'A static script of the customer order page.' },
      summary: 'signature_pad, served from our origin (the CSP allows only our scripts).',
      tag,
      response: { kind: 'html', description: 'JavaScript.' },
      handler: (c) =>
        c.body(SIGNATURE_PAD, 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=86400',
        }),
    },
    {
      method: 'GET',
      path: '/o/assets/order-page.js',
      access: { public: 'A static script of the customer order page.' },
      summary: "The order page's script: a hold's countdown and the signature drawing.",
      tag,
      response: { kind: 'html', description: 'JavaScript.' },
      handler: (c) =>
        c.body(ORDER_PAGE_SCRIPT, 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=3600',
        }),
    },
    {
      method: 'GET',
      path: '/o/:token',
      access: PUBLIC,
      summary: 'The order as the customer sees it: event, items, what is due, documents, signing.',
      tag,
      response: { kind: 'html', description: 'The page.' },
      async handler(c) {
        const notice =
          c.req.query('signed') === '1'
            ? 'Thank you: your agreement is signed.'
            : c.req.query('approved') === '1'
              ? 'Thank you: the changes are approved.'
              : c.req.query('photos') === '1'
                ? 'Thank you: your photos are with the crew.'
                : null;
        const pay = c.req.query('pay') ?? '';
        const paid = Object.hasOwn(PAY_NOTICES, pay) ? PAY_NOTICES[pay] : undefined;
        return page(c, 200, notice ? { kind: 'ok', text: notice } : (paid ?? null));
      },
    },
    {
      method: 'GET',
      path: '/o/:token/documents/:id',
      access: PUBLIC,
      summary: "One of the order's documents as a PDF (the signed copy once signed).",
      tag,
      response: { kind: 'pdf', description: 'The PDF.' },
      async handler(c) {
        const id = c.req.param('id');
        const found = isUuid(id)
          ? await customerDocument(db, c.req.param('token') ?? '', id)
          : null;
        if (!found) return c.html(NOT_FOUND, 404, PAGE_HEADERS);
        return c.body(new Uint8Array(found.pdf), 200, {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${found.title.replace(/[^\w #().-]/g, '')}.pdf"`,
          ...PAGE_HEADERS,
        });
      },
    },
    {
      method: 'POST',
      path: '/o/:token/sign',
      access: PUBLIC,
      summary: 'The customer accepts and signs (typed name, optional drawing).',
      tag,
      before: [
        bodyLimit({
          maxSize: 512 * 1024,
          onError: () => {
            throw new AppError('payload_too_large', 'The signature is too large.');
          },
        }),
      ],
      response: { kind: 'html', description: 'A redirect to the page, or the page with why not.' },
      errors: [409],
      async handler(c) {
        sameOrigin(c);
        const token = c.req.param('token') ?? '';
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const name = typeof form.name === 'string' ? form.name.trim().slice(0, 120) : '';
        const drawing = typeof form.drawing === 'string' && form.drawing ? form.drawing : null;
        if (!name || form.agree !== 'yes')
          return page(c, 400, {
            kind: 'error',
            text: 'Type your full name and tick that you agree, then sign.',
          });
        try {
          await signOrder(
            db,
            token,
            { name, drawing },
            {
              ip: clientAddress(c, trustedProxies),
              userAgent: c.req.header('user-agent') ?? '',
            },
            clock(),
          );
        } catch (error) {
          if (error instanceof AppError && error.code === 'not_found')
            return c.html(NOT_FOUND, 404, PAGE_HEADERS);
          if (
            error instanceof AppError &&
            (error.status === 409 || error.code === 'invalid_transition')
          )
            return page(c, 409, {
              kind: 'error',
              text:
                error.code === 'unavailable'
                  ? 'Some items are no longer free for your dates, so this order could not be booked. We will be in touch.'
                  : error.message,
            });
          throw error;
        }
        return c.redirect(`/o/${token}?signed=1`, 303);
      },
    },
    {
      method: 'POST',
      path: '/o/:token/approve',
      access: PUBLIC,
      summary: 'The customer approves the changes made after they signed (the difference only).',
      tag,
      response: { kind: 'html', description: 'A redirect to the page, or the page with why not.' },
      async handler(c) {
        sameOrigin(c);
        const token = c.req.param('token') ?? '';
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const name = typeof form.name === 'string' ? form.name.trim().slice(0, 120) : '';
        if (!name || form.agree !== 'yes')
          return page(c, 400, {
            kind: 'error',
            text: 'Type your full name and tick that you approve, then send.',
          });
        try {
          await approveChanges(
            db,
            token,
            { name },
            {
              ip: clientAddress(c, trustedProxies),
              userAgent: c.req.header('user-agent') ?? '',
            },
            clock(),
          );
        } catch (error) {
          if (error instanceof AppError && error.code === 'not_found')
            return c.html(NOT_FOUND, 404, PAGE_HEADERS);
          throw error;
        }
        return c.redirect(`/o/${token}?approved=1`, 303);
      },
    },
    {
      method: 'POST',
      path: '/o/:token/photos',
      access: PUBLIC,
      summary:
        'The customer sends photos of the setup site (multipart "photos", up to 5 of 10 MB).',
      tag,
      before: [
        bodyLimit({
          maxSize: PHOTOS_PER_UPLOAD * PHOTO_MAX_BYTES,
          onError: () => {
            throw new AppError('payload_too_large', 'The photos are too large.');
          },
        }),
      ],
      response: { kind: 'html', description: 'A redirect to the page, or the page with why not.' },
      async handler(c) {
        sameOrigin(c);
        const token = c.req.param('token') ?? '';
        const link = await byToken(db, token);
        if (!link) return c.html(NOT_FOUND, 404, PAGE_HEADERS);
        const form = await c.req
          .parseBody({ all: true })
          .catch(() => ({}) as Record<string, unknown>);
        const sent = form.photos;
        const files = (Array.isArray(sent) ? sent : [sent]).filter(
          (f): f is File => f instanceof File && f.size > 0,
        );
        try {
          await storeOrderPhotos(db, link.accountId, link.orderId, files);
        } catch (error) {
          if (error instanceof AppError && error.fields?.photos)
            return page(c, 400, { kind: 'error', text: error.fields.photos[0] as string });
          throw error;
        }
        return c.redirect(`/o/${token}?photos=1`, 303);
      },
    },
    {
      method: 'GET',
      path: '/o/:token/photos/:id/:size',
      access: PUBLIC,
      summary: "One of the order's site photos: `full` (up to 1600 px) or `thumbnail`.",
      tag,
      response: { kind: 'image', description: 'The photo as WebP.' },
      async handler(c) {
        const link = await byToken(db, c.req.param('token') ?? '');
        const id = c.req.param('id');
        const size = c.req.param('size');
        const photo =
          link && isUuid(id) && (size === 'full' || size === 'thumbnail')
            ? await readOrderPhoto(db, link.accountId, link.orderId, id, size, 'site')
            : null;
        if (!photo) return c.html(NOT_FOUND, 404, PAGE_HEADERS);
        return c.body(new Uint8Array(photo.bytes), 200, {
          'content-type': photo.contentType,
          ...PAGE_HEADERS,
        });
      },
    },
  ];
}

const NOT_FOUND = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Order not found</title></head><body style="font:16px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><main><h1>This link does not open an order</h1><p>It may have been replaced by a newer link. Ask the rental company for the current one.</p></main></body></html>`;
