import {
  type MessageMedia,
  MMS_IMAGE_TYPES,
  MMS_MEDIA_MAX_BYTES,
  MMS_MEDIA_MAX_COUNT,
  MMS_MEDIA_TYPES,
} from '@tentpole/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { type Executor, enqueue } from '../../../jobs/job-queue.js';
import { logger } from '../../../logging/logger.js';
import { publish } from '../../../realtime/event-hub.js';
import type { TwilioClient } from '../../../telephony/twilio-client.js';
import { defineJob, type JobDeps } from '../../feature.js';
import { messageMedia, messages } from './tables.js';

export const JOB_FETCH_MMS = 'fetch-mms-media';

export type InboundMedia = { url: string; contentType: string };

/** `NumMedia`, `MediaUrl{N}`, `MediaContentType{N}` of Twilio's inbound SMS webhook. */
export function inboundMediaOf(params: Record<string, string>): InboundMedia[] {
  const count = Math.min(Number.parseInt(params.NumMedia ?? '0', 10) || 0, MMS_MEDIA_MAX_COUNT);
  const media: InboundMedia[] = [];
  for (let i = 0; i < count; i += 1) {
    const url = params[`MediaUrl${i}`];
    if (url) media.push({ url, contentType: (params[`MediaContentType${i}`] ?? '').toLowerCase() });
  }
  return media;
}

/**
 * Where the carrier serves an account's media: only URLs under it are fetched, since the fetch
 * carries the account's credentials (a URL elsewhere would hand them to a stranger).
 */
export function carrierMediaPrefix(restBaseUrl: string | null, accountSid: string) {
  const origin = restBaseUrl
    ? `${restBaseUrl.replace(/\/+$/, '')}/twilio`
    : 'https://api.twilio.com';
  return `${origin}/2010-04-01/Accounts/${accountSid}/Messages/`;
}

const typeOf = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';
const isAllowedType = (contentType: string) =>
  (MMS_MEDIA_TYPES as readonly string[]).includes(typeOf(contentType));

/** Stores the media rows of a new inbound text and queues their copy, in its transaction. */
export async function addInboundMedia(
  tx: Executor,
  accountId: string,
  messageId: string,
  media: InboundMedia[],
  carrierPrefix: string,
) {
  if (media.length === 0) return;
  const fetchable = (m: InboundMedia) =>
    isAllowedType(m.contentType) && m.url.startsWith(carrierPrefix);
  await tx.insert(messageMedia).values(
    media.map((m, position) => ({
      accountId,
      messageId,
      position,
      contentType: typeOf(m.contentType) || 'application/octet-stream',
      carrierUrl: m.url,
      // A type we never show is not fetched at all, nor a URL that is not our carrier's.
      status: fetchable(m) ? ('pending' as const) : ('refused' as const),
    })),
  );
  if (media.some(fetchable))
    await enqueue(tx, JOB_FETCH_MMS, { messageId }, `${JOB_FETCH_MMS}:${messageId}`);
}

type Fetched = { refused: string } | { contentType: string; bytes: Buffer };

/**
 * The carrier's copy of one picture, fetched with the account's credentials (Twilio's media
 * URLs ask for them when HTTP auth is on), at most MMS_MEDIA_MAX_BYTES and of an image type.
 * Throws when the carrier cannot answer now (the job retries).
 */
export async function fetchCarrierMedia(
  twilio: Pick<TwilioClient, 'username' | 'password'>,
  url: string,
): Promise<Fetched> {
  const response = await fetch(url, {
    headers: {
      authorization: `Basic ${Buffer.from(`${twilio.username}:${twilio.password}`).toString('base64')}`,
    },
    // Twilio answers with a redirect to its file store; fetch drops the credentials on the way.
    redirect: 'follow',
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 404) return { refused: 'gone at the carrier' };
  if (!response.ok) throw new Error(`the carrier answered ${response.status} for a picture`);
  const contentType = typeOf(response.headers.get('content-type') ?? '');
  if (!isAllowedType(contentType)) {
    await response.body?.cancel();
    return { refused: `not a picture (${contentType || 'no type'})` };
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MMS_MEDIA_MAX_BYTES) {
    await response.body?.cancel();
    return { refused: 'too large' };
  }
  // Read at most the limit, whatever the header said.
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return { refused: 'empty' };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MMS_MEDIA_MAX_BYTES) {
      await reader.cancel();
      return { refused: 'too large' };
    }
    chunks.push(Buffer.from(value));
  }
  if (size === 0) return { refused: 'empty' };
  return { contentType, bytes: Buffer.concat(chunks) };
}

/** The pictures of these messages, as the conversation shows them. */
export async function mediaOfMessages(
  db: Db,
  accountId: string,
  messageIds: string[],
): Promise<Map<string, MessageMedia[]>> {
  const byMessage = new Map<string, MessageMedia[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      id: messageMedia.id,
      messageId: messageMedia.messageId,
      status: messageMedia.status,
      contentType: messageMedia.contentType,
      orderId: messageMedia.orderId,
    })
    .from(messageMedia)
    .where(and(eq(messageMedia.accountId, accountId), inArray(messageMedia.messageId, messageIds)))
    .orderBy(asc(messageMedia.messageId), asc(messageMedia.position));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({
      id: row.id,
      status: row.status,
      contentType: row.contentType,
      url: row.status === 'stored' ? `/api/phone/media/${row.id}` : null,
      orderId: row.orderId,
    });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** One stored picture of the account (null: not the account's, or not stored). */
export async function storedMedia(db: Db, accountId: string, mediaId: string) {
  const [row] = await db
    .select({
      id: messageMedia.id,
      contentType: messageMedia.contentType,
      bytes: messageMedia.bytes,
      status: messageMedia.status,
      messageId: messageMedia.messageId,
    })
    .from(messageMedia)
    .where(and(eq(messageMedia.accountId, accountId), eq(messageMedia.id, mediaId)));
  return row?.status === 'stored' && row.bytes ? { ...row, bytes: row.bytes } : null;
}

/** Whether the browser may show it inline (HEIC is offered as a download instead). */
export const isInlineImage = (contentType: string) =>
  (MMS_IMAGE_TYPES as readonly string[]).includes(contentType);

const payload = z.object({ messageId: z.uuid() });

/** Copies an inbound text's pictures from the carrier, then tells the open tabs. */
export function mediaJobs({ db, twilio }: JobDeps) {
  return [
    defineJob({
      kind: JOB_FETCH_MMS,
      payload,
      async run({ messageId }) {
        const pending = await db
          .select({
            id: messageMedia.id,
            url: messageMedia.carrierUrl,
            accountId: messageMedia.accountId,
            conversationId: messages.conversationId,
          })
          .from(messageMedia)
          .innerJoin(messages, eq(messages.id, messageMedia.messageId))
          .where(and(eq(messageMedia.messageId, messageId), eq(messageMedia.status, 'pending')))
          .orderBy(asc(messageMedia.position));
        for (const media of pending) {
          // Only URLs under the carrier's media address were queued (addInboundMedia).
          const fetched = await fetchCarrierMedia(twilio, media.url);
          if ('refused' in fetched)
            logger.warn({ mediaId: media.id, reason: fetched.refused }, 'picture not kept');
          await db
            .update(messageMedia)
            .set(
              'refused' in fetched
                ? { status: 'refused' }
                : {
                    status: 'stored',
                    contentType: fetched.contentType,
                    bytes: fetched.bytes,
                    size: fetched.bytes.length,
                  },
            )
            .where(and(eq(messageMedia.id, media.id), eq(messageMedia.status, 'pending')));
          await publish(db, media.accountId, {
            type: 'conversation.updated',
            conversationId: media.conversationId,
          });
        }
      },
    }),
  ];
}

/** Claims the picture for an order (once); null when it is already on one. */
export async function claimMediaForOrder(db: Db, mediaId: string, orderId: string | null) {
  const [row] = await db
    .update(messageMedia)
    .set({ orderId })
    .where(
      orderId
        ? and(eq(messageMedia.id, mediaId), isNull(messageMedia.orderId))
        : eq(messageMedia.id, mediaId),
    )
    .returning({ id: messageMedia.id });
  return row ?? null;
}
