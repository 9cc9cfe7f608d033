import {
  dateTimeFormat,
  formatPhone,
  mediaToOrderInputSchema,
  mediaToOrderResultSchema,
  PHOTO_REQUEST_TEMPLATE,
  photoRequestResponseSchema,
} from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import { accounts } from '../../../auth/tables.js';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../http/app-error.js';
import { isUuid } from '../../../http/is-uuid.js';
import { readJson } from '../../../http/read-body.js';
import type { RouteDef } from '../../../http/route-table.js';
import type { JobWorker } from '../../../jobs/job-queue.js';
import { accountLocale, accountTimezone } from '../../accounts/queries.js';
import { findCustomer } from '../../customers/queries.js';
import { addOrderActivity, findOrder, storeOrderPhotos } from '../../orders/queries.js';
import { claimMediaForOrder, isInlineImage, storedMedia } from './media.js';
import { queueText } from './service.js';

const tag = 'Reach';

/** Issue 24 item 5: a texted picture shown to staff, put on an order, and the photo request. */
export function mediaRoutes({
  db,
  worker,
}: {
  db: Db;
  worker: Pick<JobWorker, 'kick'>;
}): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/phone/media/:mediaId',
      access: { permission: 'phone.read' },
      summary: 'A picture a customer texted in (kept here, not at the carrier).',
      tag,
      response: { kind: 'image', description: 'The picture as the customer sent it.' },
      async handler(c) {
        const id = c.req.param('mediaId') ?? '';
        const media = isUuid(id) ? await storedMedia(db, c.get('user').accountId, id) : null;
        if (!media) throw notFound('Picture');
        const inline = isInlineImage(media.contentType);
        return c.body(new Uint8Array(media.bytes), 200, {
          'content-type': media.contentType,
          // The customer's file: never sniffed into something else (a page, a script).
          'x-content-type-options': 'nosniff',
          'content-disposition': inline ? 'inline' : `attachment; filename="picture-${id}"`,
          'cache-control': 'private, max-age=86400, immutable',
        });
      },
    },
    {
      method: 'POST',
      path: '/api/phone/media/:mediaId/order-photo',
      access: { permission: 'order.write', also: ['phone.read'] },
      summary: "Put a texted picture on an order's site photos (once).",
      tag,
      request: mediaToOrderInputSchema,
      response: mediaToOrderResultSchema,
      errors: [409],
      async handler(c) {
        const user = c.get('user');
        const id = c.req.param('mediaId') ?? '';
        const media = isUuid(id) ? await storedMedia(db, user.accountId, id) : null;
        if (!media) throw notFound('Picture');
        const { orderId } = await readJson(c, mediaToOrderInputSchema);
        const order = await findOrder(db, user.accountId, orderId);
        if (!order) throw notFound('Order');
        // Claimed first, so two clicks (or two tabs) put it on one order once.
        if (!(await claimMediaForOrder(db, media.id, order.id)))
          throw new AppError('conflict', 'This picture is already on an order.');
        try {
          await storeOrderPhotos(
            db,
            user.accountId,
            order.id,
            [
              new File([new Uint8Array(media.bytes)], 'texted-picture', {
                type: media.contentType,
              }),
            ],
            { kind: 'site', userId: user.id },
          );
        } catch (error) {
          await claimMediaForOrder(db, media.id, null);
          throw error;
        }
        return c.json({ mediaId: media.id, orderId: order.id });
      },
    },
    {
      method: 'POST',
      path: '/api/phone/orders/:orderId/photo-request',
      access: { permission: 'phone.write' },
      summary: 'Text the customer of an order: "send us a photo of the setup spot".',
      tag,
      response: photoRequestResponseSchema,
      status: 201,
      errors: [409, 429],
      async handler(c) {
        const user = c.get('user');
        const id = c.req.param('orderId') ?? '';
        const order = isUuid(id) ? await findOrder(db, user.accountId, id) : null;
        if (!order) throw notFound('Order');
        const customer = await findCustomer(db, user.accountId, order.customerId);
        if (!customer?.phoneNumber)
          throw new AppError('validation_failed', 'The customer has no phone number.', {
            phoneNumber: ['Add a phone number to the customer first'],
          });
        const [[account], timeZone, locale] = await Promise.all([
          db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, user.accountId)),
          accountTimezone(db, user.accountId),
          accountLocale(db, user.accountId),
        ]);
        const eventDate = dateTimeFormat(locale, {
          timeZone,
          weekday: 'long',
          month: 'long',
          day: 'numeric',
        }).format(new Date(order.eventStart));
        const body = PHOTO_REQUEST_TEMPLATE.replace('{{customer.firstName}}', customer.firstName)
          .replace('{{business.name}}', account?.name ?? '')
          .replace('{{order.eventDate}}', eventDate);
        const { conversationId, messageId } = await queueText(
          db,
          worker,
          user.accountId,
          user.id,
          customer.phoneNumber,
          body,
        );
        await addOrderActivity(
          db,
          user.accountId,
          order.id,
          'message_sent',
          {
            channel: 'text',
            template: 'Photo of the setup spot',
            to: formatPhone(customer.phoneNumber),
          },
          user.id,
        );
        return c.json({ conversationId, messageId }, 201);
      },
    },
  ];
}
