import { newSid } from '../ids';
import type { ResolvedOptions } from '../options';
import { errors } from '../rest/twilio-error';
import type { MediaInput, MessageRecord, MessageStatus, SandboxStore } from '../store';
import { parseXml } from '../twiml/parse-xml';
import type { SendOptions, WebhookResult, WebhookSender } from '../webhooks/deliver';
import {
  isE164,
  MAGIC_VALID_FROM,
  type NumberBehaviors,
  SMS_DELIVERY_FAILURES,
  type SmsDeliveryFailure,
} from './magic-numbers';
import { OPT_OUT_REPLIES, type OptOutRegistry, type OptOutType, optOutType } from './opt-out';

export interface MessagingDeps {
  options: ResolvedOptions;
  store: SandboxStore;
  webhooks: WebhookSender;
  behaviors: NumberBehaviors;
  optOuts: OptOutRegistry;
  /** Shows a text on the simulated phone it was sent to. */
  deliverToPhone(message: MessageRecord): void;
}

export interface OutboundMessage {
  from: string;
  to: string;
  body: string;
  statusCallback: string | null;
  direction?: 'outbound-api' | 'outbound-reply';
}

/** What happened to an inbound text: its record and the business's webhook delivery. */
export interface InboundResult {
  message: MessageRecord;
  /** The SMS URL delivery; null when no business owns `to` or the number has no SMS URL. */
  webhook: WebhookResult | null;
  optOutType: OptOutType | null;
}

export interface InboundOptions extends SendOptions {
  /** Called with the inbound record before its webhook is sent. */
  onCreated?(message: MessageRecord): void;
  /** Pictures sent with the text: an MMS (`NumMedia`, `MediaUrl{N}`, `MediaContentType{N}`). */
  media?: MediaInput[];
}

/** Twilio takes at most ten media in a message. */
export const MAX_MEDIA_PER_MESSAGE = 10;
/**
 * The most a simulated phone may attach in all. Above Twilio's 5 MB on purpose: an app's own
 * size limit must be testable, and carriers differ in what they let through.
 */
export const MAX_MEDIA_BYTES = 12 * 1024 * 1024;

/** Why a set of pictures cannot be sent, or null. */
export function mediaProblem(media: MediaInput[]): string | null {
  if (media.length > MAX_MEDIA_PER_MESSAGE)
    return `At most ${MAX_MEDIA_PER_MESSAGE} pictures in a message`;
  const total = media.reduce((sum, m) => sum + m.bytes.length, 0);
  if (total > MAX_MEDIA_BYTES) return `At most ${MAX_MEDIA_BYTES} bytes of pictures in a message`;
  if (media.some((m) => !/^[\w.+-]+\/[\w.+-]+$/.test(m.contentType)))
    return 'Each picture needs a content type such as image/jpeg';
  return null;
}

/** Where Twilio serves a message's media: `MediaUrl{N}` (fetched with the account's credentials). */
export function mediaUrl(
  baseUrl: string,
  accountSid: string,
  messageSid: string,
  mediaSid: string,
) {
  return `${baseUrl}/twilio/2010-04-01/Accounts/${accountSid}/Messages/${messageSid}/Media/${mediaSid}`;
}

const GSM7 =
  /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

/** How many SMS segments a body takes (GSM-7: 160, or 153 each when split; UCS-2: 70 / 67). */
export function segmentCount(body: string): number {
  const gsm = GSM7.test(body);
  const length = [...body].length;
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  return length <= single ? 1 : Math.ceil(length / multi);
}

/** Texts: the Messages resource, delivery with status callbacks, and inbound SMS webhooks. */
export class Messaging {
  constructor(private readonly deps: MessagingDeps) {}

  /** `messages.create`: validates as Twilio does, then delivers in the background. */
  create(input: OutboundMessage): MessageRecord {
    const { store, behaviors } = this.deps;
    if (input.to === '') throw errors.missingTo();
    if (input.from === '') throw errors.missingFrom();
    if (!isE164(input.to)) throw errors.invalidTo(input.to);
    if (input.from !== MAGIC_VALID_FROM && !store.findNumber(input.from))
      throw errors.fromNotOwned(input.from);
    if (input.body === '') throw errors.missingBody();
    if ([...input.body].length > 1600) throw errors.bodyTooLong();
    switch (behaviors.get(input.to).sms) {
      case 'invalid':
        throw errors.invalidTo(input.to);
      case 'unsubscribed':
        throw errors.unsubscribed();
      case 'cannot-route':
        throw errors.cannotRoute(input.to);
      case 'no-international':
        throw errors.noInternational(input.to);
      case 'not-sms-capable':
        throw errors.notSmsCapable(input.to);
      default:
        break;
    }
    if (this.deps.optOuts.isOptedOut(input.to, input.from)) throw errors.unsubscribed();
    const failure = SMS_DELIVERY_FAILURES[behaviors.get(input.to).sms] ?? null;
    const now = new Date();
    const message: MessageRecord = {
      sid: newSid('SM'),
      from: input.from,
      to: input.to,
      body: input.body,
      direction: input.direction ?? 'outbound-api',
      status: 'queued',
      numSegments: segmentCount(input.body),
      numMedia: 0,
      media: [],
      errorCode: null,
      errorMessage: null,
      statusCallback: input.statusCallback,
      dateCreated: now,
      dateUpdated: now,
      dateSent: null,
      autoReply: false,
    };
    store.messages.set(message.sid, message);
    void this.deliver(message, failure);
    return message;
  }

  /**
   * queued → sent → delivered; or → sent → undelivered (30003/30004/30005/30008) or → failed
   * (30006/30007) for numbers with a failing SMS behaviour.
   */
  private async deliver(message: MessageRecord, failure: SmsDeliveryFailure | null): Promise<void> {
    const step = Math.max(1, Math.round(100 * this.deps.options.timeScale));
    await wait(step);
    message.dateSent = new Date();
    if (failure?.status === 'failed') {
      await this.setStatus(message, 'failed', failure);
      return;
    }
    await this.setStatus(message, 'sent');
    await wait(step);
    if (failure) {
      await this.setStatus(message, 'undelivered', failure);
      return;
    }
    await this.setStatus(message, 'delivered');
    if (this.deps.store.findNumber(message.to))
      await this.receive(message.from, message.to, message.body);
    else this.deps.deliverToPhone(message);
  }

  private async setStatus(
    message: MessageRecord,
    status: MessageStatus,
    failure: SmsDeliveryFailure | null = null,
  ): Promise<void> {
    message.status = status;
    message.dateUpdated = new Date();
    if (failure) {
      message.errorCode = failure.errorCode;
      message.errorMessage = failure.errorMessage;
    }
    if (!message.statusCallback) return;
    await this.deps.webhooks.send(message.statusCallback, {
      AccountSid: this.deps.options.accountSid,
      ApiVersion: '2010-04-01',
      ...(failure
        ? { ErrorCode: String(failure.errorCode), ErrorMessage: failure.errorMessage }
        : {}),
      From: message.from,
      MessageSid: message.sid,
      MessageStatus: status,
      SmsSid: message.sid,
      SmsStatus: status,
      To: message.to,
    });
  }

  /**
   * A simulated phone texts `to`. When a business owns `to`, its SMS URL gets Twilio's inbound
   * webhook and any `<Message>` it answers with is sent back. When nobody owns `to`, the text is
   * shown on that number's simulator page.
   */
  async receive(
    from: string,
    to: string,
    body: string,
    media: MediaInput[] = [],
  ): Promise<MessageRecord> {
    return (await this.receiveInbound(from, to, body, { media })).message;
  }

  /**
   * Like `receive`, and reports the webhook delivery. Opt-out keywords are handled first, as on
   * Twilio: STOP-type words unsubscribe the (phone, number) pair, START-type words resubscribe it,
   * HELP-type words get the help text (not while unsubscribed); each sends Twilio's standard reply
   * to the phone, and the text still goes to the webhook with `OptOutType`.
   */
  async receiveInbound(
    from: string,
    to: string,
    body: string,
    inboundOptions: InboundOptions = {},
  ): Promise<InboundResult> {
    const { onCreated, media = [], ...sendOptions } = inboundOptions;
    const { store, options } = this.deps;
    const number = store.findNumber(to);
    const now = new Date();
    const message: MessageRecord = {
      // Twilio's picture messages are MM…, plain texts SM….
      sid: newSid(media.length > 0 ? 'MM' : 'SM'),
      from,
      to,
      body,
      direction: 'inbound',
      status: 'received',
      numSegments: segmentCount(body),
      numMedia: media.length,
      media: media.map((m) => ({ sid: newSid('ME'), contentType: m.contentType, bytes: m.bytes })),
      errorCode: null,
      errorMessage: null,
      statusCallback: null,
      dateCreated: now,
      dateUpdated: now,
      dateSent: now,
      autoReply: false,
    };
    store.messages.set(message.sid, message);
    onCreated?.(message);
    if (!number) {
      this.deps.deliverToPhone(message);
      return { message, webhook: null, optOutType: null };
    }
    const keyword = optOutType(body);
    if (keyword) this.handleKeyword(keyword, from, to);
    if (!number.smsUrl) return { message, webhook: null, optOutType: keyword };
    const webhook = await this.deps.webhooks.send(
      number.smsUrl,
      {
        AccountSid: options.accountSid,
        ApiVersion: '2010-04-01',
        Body: body,
        From: from,
        FromCity: '',
        FromCountry: 'US',
        FromState: '',
        FromZip: '',
        MessageSid: message.sid,
        NumMedia: String(message.numMedia),
        NumSegments: String(message.numSegments),
        ...Object.fromEntries(
          message.media.flatMap((m, i) => [
            [`MediaContentType${i}`, m.contentType],
            [`MediaUrl${i}`, mediaUrl(options.baseUrl, options.accountSid, message.sid, m.sid)],
          ]),
        ),
        ...(keyword ? { OptOutType: keyword } : {}),
        SmsMessageSid: message.sid,
        SmsSid: message.sid,
        SmsStatus: 'received',
        To: to,
        ToCity: '',
        ToCountry: 'US',
        ToState: '',
        ToZip: '',
      },
      number.smsMethod,
      sendOptions,
    );
    if (webhook.ok) this.reply(webhook.body, from, to);
    return { message, webhook, optOutType: keyword };
  }

  private handleKeyword(keyword: OptOutType, phone: string, business: string): void {
    const { optOuts } = this.deps;
    if (keyword === 'STOP') optOuts.optOut(phone, business);
    else if (keyword === 'START') optOuts.optIn(phone, business);
    // An unsubscribed phone gets no HELP reply until it opts back in.
    else if (optOuts.isOptedOut(phone, business)) return;
    this.autoReply(business, phone, OPT_OUT_REPLIES[keyword]);
  }

  /** Twilio's own reply to a keyword: not billed, no status callback, not in the REST list. */
  private autoReply(from: string, to: string, body: string): void {
    const now = new Date();
    const message: MessageRecord = {
      sid: newSid('SM'),
      from,
      to,
      body,
      direction: 'outbound-reply',
      status: 'delivered',
      numSegments: segmentCount(body),
      numMedia: 0,
      media: [],
      errorCode: null,
      errorMessage: null,
      statusCallback: null,
      dateCreated: now,
      dateUpdated: now,
      dateSent: now,
      autoReply: true,
    };
    this.deps.store.messages.set(message.sid, message);
    this.deps.deliverToPhone(message);
  }

  private reply(xml: string, customer: string, business: string): void {
    if (xml.trim() === '') return;
    let root: ReturnType<typeof parseXml>;
    try {
      root = parseXml(xml);
    } catch (error) {
      this.deps.options.logger.warn('invalid messaging TwiML', { error: String(error) });
      return;
    }
    for (const verb of root.children) {
      if (verb.name !== 'Message') continue;
      const body = verb.children.find((c) => c.name === 'Body')?.text ?? verb.text;
      try {
        this.create({
          from: verb.attributes.from ?? business,
          to: verb.attributes.to ?? customer,
          body,
          statusCallback: verb.attributes.statusCallback ?? null,
          direction: 'outbound-reply',
        });
      } catch (error) {
        // e.g. 21610 when the reply goes to a phone that just texted STOP.
        this.deps.options.logger.warn('<Message> not sent', { error: String(error) });
      }
    }
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Pictures as the control API and the phone page send them: `[{ contentType, data }]`, data in
 * base64. Answers the pictures, or why they cannot be sent.
 */
export function parseMedia(value: unknown): MediaInput[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return 'media must be a list of { contentType, data }';
  const media: MediaInput[] = [];
  for (const item of value) {
    const { contentType, data } = (item ?? {}) as { contentType?: unknown; data?: unknown };
    if (typeof contentType !== 'string' || typeof data !== 'string')
      return 'each media item needs contentType and data (base64)';
    media.push({ contentType: contentType.toLowerCase(), bytes: Buffer.from(data, 'base64') });
  }
  return mediaProblem(media) ?? media;
}
