import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { FaultInjector, RestFaultSpec } from '../control/faults';
import { newSid } from '../ids';
import type { ResolvedOptions } from '../options';
import { isE164, MAGIC_VALID_FROM } from '../pstn/magic-numbers';
import type { Messaging } from '../pstn/messaging';
import type { ApplicationRecord, PhoneNumberRecord, SandboxStore } from '../store';
import type { TwimlSource } from '../voice/call-control';
import { type CallEvent, FINAL_STATUSES } from '../voice/call-status';
import type { VoiceEngine } from '../voice/engine';
import { listMessages } from './messages-list';
import {
  applicationJson,
  availableNumberJson,
  callJson,
  messageJson,
  phoneNumberJson,
  recordingJson,
} from './serialize';
import { errors, TwilioApiError } from './twilio-error';

export interface RestDeps {
  options: ResolvedOptions;
  store: SandboxStore;
  messaging: Messaging;
  engine: VoiceEngine;
  faults: FaultInjector;
}

const ACCOUNT_PREFIX = '/twilio/2010-04-01/Accounts';

/** The subset of Twilio's 2010-04-01 REST API that Tentpole uses, under `/twilio`. */
export function restRoutes(deps: RestDeps): Hono {
  const app = new Hono();
  const { options, store } = deps;

  // Recording media is public by default on Twilio, so the app can fetch the URL it was given.
  app.get(`${ACCOUNT_PREFIX}/:accountSid/Recordings/:file{RE[0-9a-f]{32}(\\.wav|\\.mp3)?}`, (c) => {
    const sid = c.req.param('file').replace(/\.(wav|mp3)$/, '');
    const recording = store.recordings.get(sid);
    if (!recording || c.req.param('accountSid') !== options.accountSid)
      return twilioError(c, errors.notFound(c.req.path));
    return c.body(new Uint8Array(recording.wav), 200, { 'Content-Type': 'audio/x-wav' });
  });

  // A picture of an inbound MMS (`MediaUrl{N}`): Basic auth with the account's credentials, as
  // Twilio asks when "HTTP basic authentication for media access" is on (the safe setting).
  app.get(`${ACCOUNT_PREFIX}/:accountSid/Messages/:messageSid/Media/:mediaSid`, (c) => {
    try {
      authenticate(c.req.header('authorization'), c.req.param('accountSid'), options);
    } catch (error) {
      if (error instanceof TwilioApiError) return twilioError(c, error);
      throw error;
    }
    const media = store.messages
      .get(c.req.param('messageSid'))
      ?.media.find((m) => m.sid === c.req.param('mediaSid').replace(/\.json$/, ''));
    if (!media || c.req.param('mediaSid').endsWith('.json'))
      return twilioError(c, errors.notFound(c.req.path.slice('/twilio'.length)));
    return c.body(new Uint8Array(media.bytes), 200, {
      'Content-Type': media.contentType,
      'Content-Length': String(media.bytes.length),
    });
  });

  app.all(`${ACCOUNT_PREFIX}/:accountSid/*`, async (c) => {
    try {
      authenticate(c.req.header('authorization'), c.req.param('accountSid'), options);
      const prefix = `${ACCOUNT_PREFIX}/${c.req.param('accountSid')}/`;
      const rest = c.req.path.slice(c.req.path.indexOf(prefix) + prefix.length);
      const form =
        c.req.method === 'POST' ? new URLSearchParams(await c.req.text()) : new URLSearchParams();
      const fault = deps.faults.takeRest(c.req.method, rest, form.get('To'));
      if (fault && fault.when === 'before') {
        if (fault.kind === 'error') return faultError(c, fault);
        // A request held up before processing is dropped, unprocessed, if the client gives up
        // first (as at a carrier's front door); one held up after processing has taken effect.
        await sleep(fault.delayMs, c.req.raw.signal);
        if (c.req.raw.signal.aborted) return c.body(null, 499 as 400);
      }
      const body = route(deps, c.req.method, rest, form, new URL(c.req.url).searchParams);
      if (body === null) throw errors.notFound(c.req.path.slice('/twilio'.length));
      if (fault && fault.when === 'after') {
        // The request took effect (a message was created, a call placed); only the answer fails.
        if (fault.kind === 'error') return faultError(c, fault);
        await sleep(fault.delayMs);
      }
      return c.json(body.json, body.status);
    } catch (error) {
      if (error instanceof TwilioApiError) return twilioError(c, error);
      throw error;
    }
  });
  return app;
}

function twilioError(c: Context, error: TwilioApiError) {
  return c.json(error.toJSON(), error.status as 400);
}

/** An injected failure, shaped like Twilio's own 5xx/429 answers. */
function faultError(c: Context, fault: RestFaultSpec) {
  const known: Record<number, [number, string]> = {
    429: [20429, 'Too Many Requests'],
    500: [20500, 'An internal server error has occurred'],
    503: [20503, 'Service unavailable'],
  };
  const [code, message] = known[fault.status] ?? [20500, 'An internal server error has occurred'];
  return twilioError(c, new TwilioApiError(fault.status, code, message));
}

/** Waits `ms`, or less if `signal` aborts first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

function authenticate(header: string | undefined, accountSid: string, options: ResolvedOptions) {
  if (!header?.startsWith('Basic ')) throw errors.authentication();
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const valid =
    (user === options.accountSid && same(secret, options.authToken)) ||
    (user === options.apiKeySid && same(secret, options.apiKeySecret));
  if (colon === -1 || !valid || accountSid !== options.accountSid) throw errors.authentication();
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type Reply = { status: 200 | 201; json: unknown } | null;

function route(
  deps: RestDeps,
  method: string,
  rest: string,
  form: URLSearchParams,
  query: URLSearchParams,
): Reply {
  const { store, options } = deps;
  const sid = options.accountSid;
  const parts = rest.split('/');
  const resource = parts[0] ?? '';
  const id = (parts[1] ?? '').replace(/\.json$/, '');
  const get = (key: string) => form.get(key) ?? '';
  const optional = (key: string) => (form.has(key) ? get(key) : null);

  if (method === 'POST' && resource === 'Messages.json') {
    const message = deps.messaging.create({
      from: get('From'),
      to: get('To'),
      body: get('Body'),
      statusCallback: optional('StatusCallback'),
    });
    return { status: 201, json: messageJson(sid, message) };
  }
  if (method === 'GET' && resource === 'Messages.json') {
    return { status: 200, json: listMessages(store, sid, query) };
  }
  if (method === 'GET' && resource === 'Messages' && parts.length === 2) {
    const message = store.messages.get(id);
    return message ? { status: 200, json: messageJson(sid, message) } : null;
  }
  if (method === 'POST' && resource === 'Calls.json') {
    return { status: 201, json: callJson(sid, createCall(deps, form)) };
  }
  if (resource === 'Calls' && parts.length === 2) {
    const call = store.calls.get(id);
    if (!call) return null;
    if (method === 'POST') updateCall(deps, id, form);
    return { status: 200, json: callJson(sid, call) };
  }
  if (method === 'GET' && resource === 'AvailablePhoneNumbers' && parts[2] === 'Local.json') {
    const pageSize = Math.min(Number(query.get('PageSize') ?? 50) || 50, 50);
    const areaCode = query.get('AreaCode') ?? options.areaCode;
    return {
      status: 200,
      json: {
        available_phone_numbers: availableNumbers(store, areaCode, pageSize).map(
          availableNumberJson,
        ),
        end: 0,
        first_page_uri: `/2010-04-01/Accounts/${sid}/AvailablePhoneNumbers/US/Local.json?PageSize=${pageSize}&Page=0`,
        next_page_uri: null,
        page: 0,
        page_size: pageSize,
        previous_page_uri: null,
        start: 0,
        uri: `/2010-04-01/Accounts/${sid}/AvailablePhoneNumbers/US/Local.json?PageSize=${pageSize}&Page=0`,
      },
    };
  }
  if (resource === 'IncomingPhoneNumbers.json') {
    if (method === 'POST')
      return { status: 201, json: phoneNumberJson(sid, buyNumber(deps, form)) };
    const wanted = query.get('PhoneNumber');
    const numbers = [...store.phoneNumbers.values()].filter(
      (n) => !wanted || n.phoneNumber === wanted,
    );
    return {
      status: 200,
      json: {
        incoming_phone_numbers: numbers.map((n) => phoneNumberJson(sid, n)),
        ...pageMeta(sid, 'IncomingPhoneNumbers', numbers.length),
      },
    };
  }
  if (resource === 'IncomingPhoneNumbers' && parts.length === 2) {
    const number = store.phoneNumbers.get(id);
    if (!number) return null;
    if (method === 'POST') configureNumber(number, form);
    return { status: 200, json: phoneNumberJson(sid, number) };
  }
  if (method === 'POST' && resource === 'Applications.json') {
    const now = new Date();
    const application: ApplicationRecord = {
      sid: newSid('AP'),
      friendlyName: optional('FriendlyName') ?? '',
      voiceUrl: null,
      voiceMethod: 'POST',
      statusCallback: null,
      statusCallbackMethod: 'POST',
      smsUrl: null,
      smsMethod: 'POST',
      dateCreated: now,
      dateUpdated: now,
    };
    configureApplication(application, form);
    store.applications.set(application.sid, application);
    return { status: 201, json: applicationJson(sid, application) };
  }
  if (resource === 'Applications' && parts.length === 2) {
    const application = store.applications.get(id);
    if (!application) return null;
    if (method === 'POST') configureApplication(application, form);
    return { status: 200, json: applicationJson(sid, application) };
  }
  if (method === 'GET' && resource === 'Recordings' && parts.length === 2) {
    const recording = store.recordings.get(id);
    return recording
      ? { status: 200, json: recordingJson(sid, `${options.baseUrl}/twilio`, recording) }
      : null;
  }
  return null;
}

function pageMeta(accountSid: string, resource: string, count: number) {
  const uri = `/2010-04-01/Accounts/${accountSid}/${resource}.json?PageSize=50&Page=0`;
  return {
    end: Math.max(0, count - 1),
    first_page_uri: uri,
    next_page_uri: null,
    page: 0,
    page_size: 50,
    previous_page_uri: null,
    start: 0,
    uri,
  };
}

function createCall(deps: RestDeps, form: URLSearchParams) {
  const to = form.get('To') ?? '';
  const from = form.get('From') ?? '';
  if (to === '') throw errors.missingTo();
  if (from === '') throw errors.missingFrom();
  const isClient = to.startsWith('client:');
  if (!isClient && !isE164(to)) throw errors.invalidTo(to);
  if (
    deps.store.findNumber(from) === undefined &&
    from !== MAGIC_VALID_FROM &&
    !from.startsWith('client:')
  )
    throw errors.unverifiedFrom(from);
  const source = twimlSource(deps, form);
  if (!source) throw errors.missingUrl();
  const statusCallback = form.get('StatusCallback');
  const events = form.getAll('StatusCallbackEvent').flatMap((e) => e.split(/[\s,]+/));
  return deps.engine.startApiCall({
    from,
    to,
    source,
    callback: statusCallback
      ? {
          url: statusCallback,
          method: form.get('StatusCallbackMethod') ?? 'POST',
          events: new Set<CallEvent>([...(events as CallEvent[]), 'completed']),
        }
      : null,
    timeoutSeconds: Math.min(Number(form.get('Timeout') ?? 60) || 60, 600),
  });
}

function twimlSource(deps: RestDeps, form: URLSearchParams): TwimlSource | null {
  const twiml = form.get('Twiml');
  if (twiml) return { twiml };
  const url = form.get('Url');
  if (url) {
    if (!/^https?:\/\//.test(url)) throw errors.invalidUrl(url);
    return { url, method: form.get('Method') ?? 'POST' };
  }
  const applicationSid = form.get('ApplicationSid');
  const application = applicationSid ? deps.store.applications.get(applicationSid) : undefined;
  if (application?.voiceUrl) return { url: application.voiceUrl, method: application.voiceMethod };
  return null;
}

function updateCall(deps: RestDeps, sid: string, form: URLSearchParams): void {
  const leg = deps.engine.legs.get(sid);
  const record = deps.store.calls.get(sid);
  if (!leg || !record) return;
  const status = form.get('Status');
  if (status === 'completed' || status === 'canceled') {
    if (FINAL_STATUSES.has(record.status)) return;
    if (status === 'canceled' && leg.answered) return;
    deps.engine.hangup(leg, 'hangup', leg.answered ? 'completed' : 'canceled');
    return;
  }
  const source = twimlSource(deps, form);
  if (!source) return;
  if (FINAL_STATUSES.has(record.status)) throw errors.notInProgress();
  deps.engine.redirect(leg, source);
}

function availableNumbers(store: SandboxStore, areaCode: string, count: number): string[] {
  const owned = new Set([...store.phoneNumbers.values()].map((n) => n.phoneNumber));
  const result: string[] = [];
  for (let line = 100; result.length < count && line < 10000; line += 1) {
    // 555-019-xxxx: clear of the 555-010 numbers the demo gives its customers.
    const candidate = `+1${areaCode}019${String(line).padStart(4, '0')}`;
    if (!owned.has(candidate)) result.push(candidate);
  }
  return result;
}

function buyNumber(deps: RestDeps, form: URLSearchParams): PhoneNumberRecord {
  const { store, options } = deps;
  let phoneNumber = form.get('PhoneNumber');
  const areaCode = form.get('AreaCode');
  if (!phoneNumber && !areaCode) throw errors.missingPhoneNumber();
  if (phoneNumber) {
    if (!isE164(phoneNumber)) throw errors.invalidPhoneNumber(phoneNumber);
    if (store.findNumber(phoneNumber)) throw errors.numberUnavailable(phoneNumber);
  } else {
    phoneNumber = availableNumbers(store, areaCode ?? options.areaCode, 1)[0] ?? null;
    if (!phoneNumber) throw errors.numberUnavailable(areaCode ?? '');
  }
  const now = new Date();
  const record: PhoneNumberRecord = {
    sid: newSid('PN'),
    phoneNumber,
    friendlyName: phoneNumber,
    voiceUrl: null,
    voiceMethod: 'POST',
    voiceApplicationSid: null,
    statusCallback: null,
    statusCallbackMethod: 'POST',
    smsUrl: null,
    smsMethod: 'POST',
    dateCreated: now,
    dateUpdated: now,
  };
  configureNumber(record, form);
  store.phoneNumbers.set(record.sid, record);
  return record;
}

function configureNumber(n: PhoneNumberRecord, form: URLSearchParams): void {
  n.friendlyName = form.get('FriendlyName') ?? n.friendlyName;
  n.voiceUrl = form.get('VoiceUrl') ?? n.voiceUrl;
  n.voiceMethod = form.get('VoiceMethod') ?? n.voiceMethod;
  n.voiceApplicationSid = form.get('VoiceApplicationSid') ?? n.voiceApplicationSid;
  n.statusCallback = form.get('StatusCallback') ?? n.statusCallback;
  n.statusCallbackMethod = form.get('StatusCallbackMethod') ?? n.statusCallbackMethod;
  n.smsUrl = form.get('SmsUrl') ?? n.smsUrl;
  n.smsMethod = form.get('SmsMethod') ?? n.smsMethod;
  n.dateUpdated = new Date();
}

function configureApplication(a: ApplicationRecord, form: URLSearchParams): void {
  a.friendlyName = form.get('FriendlyName') ?? a.friendlyName;
  a.voiceUrl = form.get('VoiceUrl') ?? a.voiceUrl;
  a.voiceMethod = form.get('VoiceMethod') ?? a.voiceMethod;
  a.statusCallback = form.get('StatusCallback') ?? a.statusCallback;
  a.statusCallbackMethod = form.get('StatusCallbackMethod') ?? a.statusCallbackMethod;
  a.smsUrl = form.get('SmsUrl') ?? a.smsUrl;
  a.smsMethod = form.get('SmsMethod') ?? a.smsMethod;
  a.dateUpdated = new Date();
}
