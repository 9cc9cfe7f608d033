import {
  callerHoldInputSchema,
  callerHoldResponseSchema,
  callerOfferQuerySchema,
  callerOfferResponseSchema,
  can,
  documentInputSchema,
  orderActivityResponseSchema,
  orderDocumentListResponseSchema,
  orderDocumentResponseSchema,
  orderInputSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderPatchSchema,
  orderPhotoListResponseSchema,
  orderPreviewRequestSchema,
  orderPreviewResponseSchema,
  orderResponseSchema,
  orderTransitionSchema,
} from '@tentpole/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { users } from '../../auth/tables.js';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { callerOffer, holdForCaller } from './caller-hold.js';
import { createDocument, documentPdf, orderDocuments } from './documents.js';
import { listOrderPhotos, readOrderPhoto, storeOrderPhotos } from './photos.js';
import { findOrder, listOrders } from './queries.js';
import { type Actor, changeOrder, createOrder, previewOrder, transitionOrder } from './service.js';
import { orderActivity } from './tables.js';

const tag = 'Orders';

export function orderRoutes({ db, clock, phone, realtime }: FeatureContext): RouteDef[] {
  const actorOf = (c: Context<AppEnv>): Actor => {
    const user = c.get('user');
    return { userId: user.id, roles: user.roles, can: (p) => can(user.roles, p) };
  };
  async function orderOf(c: Context<AppEnv>) {
    const id = c.req.param('id');
    const order = isUuid(id) ? await findOrder(db, c.get('user').accountId, id) : null;
    if (!order) throw notFound('Order');
    return order;
  }

  return [
    {
      method: 'GET',
      path: '/api/orders',
      // spec §2: Orders requires no permission to read.
      access: { signedIn: true },
      summary: 'Search, filter and page through orders (status "attention": what needs action).',
      tag,
      query: orderListQuerySchema,
      response: orderListResponseSchema,
      async handler(c) {
        const query = readQuery(c, orderListQuerySchema);
        return c.json(await listOrders(db, c.get('user').accountId, query, clock()));
      },
    },
    {
      method: 'POST',
      path: '/api/orders',
      access: { permission: 'order.write' },
      summary: 'Create an order (a draft), priced from its products and the surface.',
      tag,
      request: orderInputSchema,
      response: orderResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, orderInputSchema);
        const order = await createOrder(db, c.get('user').accountId, input, actorOf(c), clock());
        return c.json({ order }, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/orders/preview',
      access: { permission: 'order.write' },
      summary: 'What an order being edited would cost: its lines, fees and totals; saves nothing.',
      tag,
      request: orderPreviewRequestSchema,
      response: orderPreviewResponseSchema,
      async handler(c) {
        const input = await readJson(c, orderPreviewRequestSchema);
        return c.json(await previewOrder(db, c.get('user').accountId, input, actorOf(c), clock()));
      },
    },
    {
      // Issue 24 item 2: on a call, what is free for the day the caller asks about.
      method: 'GET',
      path: '/api/orders/caller-offer',
      access: { permission: 'order.write' },
      summary:
        'Hold for caller: the products free for a window, with their price and the ZIP’s fee.',
      tag,
      query: callerOfferQuerySchema,
      response: callerOfferResponseSchema,
      async handler(c) {
        const query = readQuery(c, callerOfferQuerySchema);
        return c.json(await callerOffer(db, c.get('user').accountId, query, clock()));
      },
    },
    {
      method: 'POST',
      path: '/api/orders/caller-holds',
      access: { permission: 'order.write' },
      summary:
        "Hold for caller: an order holding the items for 30 minutes, its link texted; 409 'unavailable'.",
      tag,
      request: callerHoldInputSchema,
      response: callerHoldResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const input = await readJson(c, callerHoldInputSchema);
        const held = await holdForCaller(db, c.get('user').accountId, input, actorOf(c), clock(), {
          appUrl: phone?.appUrl ?? new URL(c.req.url).origin,
          kick: () => realtime?.worker.kick(),
        });
        return c.json(held, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/orders/:id',
      access: { signedIn: true },
      summary: 'One order with its lines, totals and payment status.',
      tag,
      response: orderResponseSchema,
      async handler(c) {
        return c.json({ order: await orderOf(c) });
      },
    },
    {
      method: 'PATCH',
      path: '/api/orders/:id',
      access: { permission: 'order.write' },
      summary: 'Change an order; on a holding order a change of dates or lines re-checks stock.',
      tag,
      request: orderPatchSchema,
      response: orderResponseSchema,
      errors: [409],
      async handler(c) {
        const { id } = await orderOf(c);
        const patch = await readJson(c, orderPatchSchema);
        const order = await changeOrder(
          db,
          c.get('user').accountId,
          id,
          patch,
          actorOf(c),
          clock(),
        );
        return c.json({ order });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/transitions',
      access: { permission: 'order.write' },
      summary:
        "Move an order along the state machine; 409 'unavailable' with shortages, or 'invalid_transition'.",
      tag,
      request: orderTransitionSchema,
      response: orderResponseSchema,
      errors: [409],
      async handler(c) {
        const { id } = await orderOf(c);
        const body = await readJson(c, orderTransitionSchema);
        const order = await transitionOrder(
          db,
          c.get('user').accountId,
          id,
          body,
          actorOf(c),
          clock(),
        );
        return c.json({ order });
      },
    },
    {
      method: 'GET',
      path: '/api/orders/:id/activity',
      access: { signedIn: true },
      summary: "An order's activity log: every change, who made it and when.",
      tag,
      response: orderActivityResponseSchema,
      async handler(c) {
        const { id } = await orderOf(c);
        const rows = await db
          .select({
            id: orderActivity.id,
            action: orderActivity.action,
            detail: orderActivity.detail,
            userId: orderActivity.userId,
            userName: users.name,
            createdAt: orderActivity.createdAt,
          })
          .from(orderActivity)
          .leftJoin(users, eq(users.id, orderActivity.userId))
          .where(
            and(
              eq(orderActivity.accountId, c.get('user').accountId),
              eq(orderActivity.orderId, id),
            ),
          )
          .orderBy(asc(orderActivity.createdAt));
        return c.json({
          activity: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        });
      },
    },
    {
      method: 'GET',
      path: '/api/orders/:id/photos',
      access: { signedIn: true },
      summary:
        "The order's photos: the setup site (from the customer's page) and damage (from staff).",
      tag,
      response: orderPhotoListResponseSchema,
      async handler(c) {
        const { id } = await orderOf(c);
        const photos = await listOrderPhotos(db, c.get('user').accountId, id);
        return c.json({
          photos: photos.map((p) => ({
            ...p,
            url: `/api/order-photos/${p.id}/full`,
            thumbnailUrl: `/api/order-photos/${p.id}/thumbnail`,
          })),
        });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/photos',
      access: { permission: 'order.write' },
      summary:
        'Staff add photos of damage found on the return (multipart "photos", up to 5 of 10 MB).',
      tag,
      response: orderPhotoListResponseSchema,
      status: 201,
      async handler(c) {
        const { id } = await orderOf(c);
        const form = await c.req
          .parseBody({ all: true })
          .catch(() => ({}) as Record<string, unknown>);
        const sent = form.photos;
        const files = (Array.isArray(sent) ? sent : [sent]).filter(
          (f): f is File => f instanceof File && f.size > 0,
        );
        const accountId = c.get('user').accountId;
        await storeOrderPhotos(db, accountId, id, files, {
          kind: 'damage',
          userId: c.get('user').id,
        });
        const photos = await listOrderPhotos(db, accountId, id);
        return c.json(
          {
            photos: photos.map((p) => ({
              ...p,
              url: `/api/order-photos/${p.id}/full`,
              thumbnailUrl: `/api/order-photos/${p.id}/thumbnail`,
            })),
          },
          201,
        );
      },
    },
    {
      method: 'GET',
      path: '/api/order-photos/:id/:size',
      access: { signedIn: true },
      summary: 'One site photo: `full` (up to 1600 px) or `thumbnail` (320 px).',
      tag,
      response: { kind: 'image', description: 'The photo as WebP.' },
      async handler(c) {
        const id = c.req.param('id');
        const size = c.req.param('size');
        const photo =
          isUuid(id) && (size === 'full' || size === 'thumbnail')
            ? await readOrderPhoto(db, c.get('user').accountId, null, id, size)
            : null;
        if (!photo) throw notFound('Photo');
        return c.body(new Uint8Array(photo.bytes), 200, {
          'content-type': photo.contentType,
          'cache-control': 'private, max-age=86400, immutable',
        });
      },
    },
    {
      method: 'GET',
      path: '/api/orders/:id/documents',
      access: { signedIn: true },
      summary: "An order's quotes, contracts and invoices, every revision.",
      tag,
      response: orderDocumentListResponseSchema,
      async handler(c) {
        const { id } = await orderOf(c);
        return c.json({ documents: await orderDocuments(db, c.get('user').accountId, id) });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/documents',
      access: { permission: 'order.write' },
      summary: 'Render a quote, contract or invoice PDF from the order now, as its next revision.',
      tag,
      request: documentInputSchema,
      response: orderDocumentResponseSchema,
      status: 201,
      async handler(c) {
        const { id } = await orderOf(c);
        const { kind } = await readJson(c, documentInputSchema);
        const document = await createDocument(db, c.get('user').accountId, id, kind, clock());
        return c.json({ document }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/documents/:id/pdf',
      access: { signedIn: true },
      summary: 'A document as the PDF it was rendered as.',
      tag,
      response: { kind: 'pdf', description: 'The PDF.' },
      async handler(c) {
        const id = c.req.param('id');
        const found = isUuid(id) ? await documentPdf(db, c.get('user').accountId, id) : null;
        if (!found) throw notFound('Document');
        return c.body(new Uint8Array(found.pdf), 200, {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${found.title.replace(/[^\w #().-]/g, '')}.pdf"`,
          'cache-control': 'private, max-age=3600',
        });
      },
    },
  ];
}
