import { newSid } from '../ids';
import type { ResolvedOptions } from '../options';
import { errors } from '../rest/twilio-error';
import type { MessageRecord, MessageStatus, SandboxStore } from '../store';
import { parseXml } from '../twiml/parse-xml';
import type { WebhookSender } from '../webhooks/deliver';
import { isE164, MAGIC_VALID_FROM, type NumberBehaviors } from './magic-numbers';

export interface MessagingDeps {
  options: ResolvedOptions;
  store: SandboxStore;
  webhooks: WebhookSender;
  behaviors: NumberBehaviors;
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
      case 'deliver':
        break;
    }
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
      errorCode: null,
      errorMessage: null,
      statusCallback: input.statusCallback,
      dateCreated: now,
      dateUpdated: now,
      dateSent: null,
    };
    store.messages.set(message.sid, message);
    void this.deliver(message);
    return message;
  }

  private async deliver(message: MessageRecord): Promise<void> {
    const step = Math.max(1, Math.round(100 * this.deps.options.timeScale));
    await wait(step);
    message.dateSent = new Date();
    await this.setStatus(message, 'sent');
    await wait(step);
    await this.setStatus(message, 'delivered');
    if (this.deps.store.findNumber(message.to))
      await this.receive(message.from, message.to, message.body);
    else this.deps.deliverToPhone(message);
  }

  private async setStatus(message: MessageRecord, status: MessageStatus): Promise<void> {
    message.status = status;
    message.dateUpdated = new Date();
    if (!message.statusCallback) return;
    await this.deps.webhooks.send(message.statusCallback, {
      AccountSid: this.deps.options.accountSid,
      ApiVersion: '2010-04-01',
      From: message.from,
      To: message.to,
      MessageSid: message.sid,
      SmsSid: message.sid,
      MessageStatus: status,
      SmsStatus: status,
    });
  }

  /**
   * A simulated phone texts `to`. When a business owns `to`, its SMS URL gets Twilio's inbound
   * webhook and any `<Message>` it answers with is sent back. Returns null when nobody owns `to`.
   */
  async receive(from: string, to: string, body: string): Promise<MessageRecord | null> {
    const { store, options } = this.deps;
    const number = store.findNumber(to);
    const now = new Date();
    const message: MessageRecord = {
      sid: newSid('SM'),
      from,
      to,
      body,
      direction: 'inbound',
      status: 'received',
      numSegments: segmentCount(body),
      numMedia: 0,
      errorCode: null,
      errorMessage: null,
      statusCallback: null,
      dateCreated: now,
      dateUpdated: now,
      dateSent: now,
    };
    store.messages.set(message.sid, message);
    if (!number) {
      this.deps.deliverToPhone(message);
      return message;
    }
    if (!number.smsUrl) return message;
    const result = await this.deps.webhooks.send(
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
        NumMedia: '0',
        NumSegments: String(message.numSegments),
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
    );
    if (result.ok) this.reply(result.body, from, to);
    return message;
  }

  private reply(xml: string, customer: string, business: string): void {
    if (xml.trim() === '') return;
    try {
      const root = parseXml(xml);
      for (const verb of root.children) {
        if (verb.name !== 'Message') continue;
        const body = verb.children.find((c) => c.name === 'Body')?.text ?? verb.text;
        this.create({
          from: verb.attributes.from ?? business,
          to: verb.attributes.to ?? customer,
          body,
          statusCallback: verb.attributes.statusCallback ?? null,
          direction: 'outbound-reply',
        });
      }
    } catch (error) {
      this.deps.options.logger.warn('invalid messaging TwiML', { error: String(error) });
    }
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
