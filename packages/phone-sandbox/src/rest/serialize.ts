import type {
  ApplicationRecord,
  CallRecord,
  MessageRecord,
  PhoneNumberRecord,
  RecordingRecord,
} from '../store';

const API_VERSION = '2010-04-01';

/** Twilio's REST dates: RFC 2822, always +0000. */
export function rfc2822(date: Date | null): string | null {
  if (date === null) return null;
  return date.toUTCString().replace('GMT', '+0000');
}

function accountPath(accountSid: string) {
  return `/${API_VERSION}/Accounts/${accountSid}`;
}

export function messageJson(accountSid: string, m: MessageRecord) {
  const uri = `${accountPath(accountSid)}/Messages/${m.sid}`;
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    body: m.body,
    date_created: rfc2822(m.dateCreated),
    date_sent: rfc2822(m.dateSent),
    date_updated: rfc2822(m.dateUpdated),
    direction: m.direction,
    error_code: m.errorCode,
    error_message: m.errorMessage,
    from: m.from,
    messaging_service_sid: null,
    num_media: String(m.numMedia),
    num_segments: String(m.numSegments),
    price: null,
    price_unit: 'USD',
    sid: m.sid,
    status: m.status,
    subresource_uris: { media: `${uri}/Media.json` },
    to: m.to,
    uri: `${uri}.json`,
  };
}

export function callJson(accountSid: string, c: CallRecord) {
  const uri = `${accountPath(accountSid)}/Calls/${c.sid}`;
  const duration =
    c.answerTime !== null && c.endTime !== null
      ? String(Math.round((c.endTime.getTime() - c.answerTime.getTime()) / 1000))
      : c.endTime !== null
        ? '0'
        : null;
  return {
    account_sid: accountSid,
    annotation: null,
    answered_by: null,
    api_version: API_VERSION,
    caller_name: null,
    date_created: rfc2822(c.dateCreated),
    date_updated: rfc2822(c.dateUpdated),
    direction: c.direction,
    duration,
    end_time: rfc2822(c.endTime),
    forwarded_from: null,
    from: c.from,
    from_formatted: formatNumber(c.from),
    group_sid: null,
    parent_call_sid: c.parentCallSid,
    phone_number_sid: c.phoneNumberSid,
    price: null,
    price_unit: 'USD',
    queue_time: '0',
    sid: c.sid,
    start_time: rfc2822(c.startTime),
    status: c.status,
    subresource_uris: {
      notifications: `${uri}/Notifications.json`,
      recordings: `${uri}/Recordings.json`,
      events: `${uri}/Events.json`,
    },
    to: c.to,
    to_formatted: formatNumber(c.to),
    trunk_sid: null,
    uri: `${uri}.json`,
  };
}

export function phoneNumberJson(accountSid: string, n: PhoneNumberRecord) {
  const uri = `${accountPath(accountSid)}/IncomingPhoneNumbers/${n.sid}`;
  return {
    account_sid: accountSid,
    address_requirements: 'none',
    address_sid: null,
    api_version: API_VERSION,
    beta: false,
    bundle_sid: null,
    capabilities: { fax: false, mms: true, sms: true, voice: true },
    date_created: rfc2822(n.dateCreated),
    date_updated: rfc2822(n.dateUpdated),
    emergency_address_sid: null,
    emergency_address_status: 'unregistered',
    emergency_status: 'Inactive',
    friendly_name: n.friendlyName,
    identity_sid: null,
    origin: 'twilio',
    phone_number: n.phoneNumber,
    sid: n.sid,
    sms_application_sid: '',
    sms_fallback_method: 'POST',
    sms_fallback_url: '',
    sms_method: n.smsMethod,
    sms_url: n.smsUrl ?? '',
    status: 'in-use',
    status_callback: n.statusCallback ?? '',
    status_callback_method: n.statusCallbackMethod,
    subresource_uris: { assigned_add_ons: `${uri}/AssignedAddOns.json` },
    trunk_sid: null,
    uri: `${uri}.json`,
    voice_application_sid: n.voiceApplicationSid ?? '',
    voice_caller_id_lookup: false,
    voice_fallback_method: 'POST',
    voice_fallback_url: null,
    voice_method: n.voiceMethod,
    voice_receive_mode: 'voice',
    voice_url: n.voiceUrl,
  };
}

export function availableNumberJson(phoneNumber: string) {
  return {
    address_requirements: 'none',
    beta: false,
    capabilities: { MMS: true, SMS: true, voice: true, fax: false },
    friendly_name: formatNumber(phoneNumber),
    iso_country: 'US',
    lata: null,
    latitude: null,
    locality: 'Sandbox',
    longitude: null,
    phone_number: phoneNumber,
    postal_code: null,
    rate_center: 'SANDBOX',
    region: 'CA',
  };
}

export function applicationJson(accountSid: string, a: ApplicationRecord) {
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    date_created: rfc2822(a.dateCreated),
    date_updated: rfc2822(a.dateUpdated),
    friendly_name: a.friendlyName,
    message_status_callback: null,
    public_application_connect_enabled: true,
    sid: a.sid,
    sms_fallback_method: 'POST',
    sms_fallback_url: '',
    sms_method: a.smsMethod,
    sms_status_callback: null,
    sms_url: a.smsUrl ?? '',
    status_callback: a.statusCallback,
    status_callback_method: a.statusCallbackMethod,
    uri: `${accountPath(accountSid)}/Applications/${a.sid}.json`,
    voice_caller_id_lookup: false,
    voice_fallback_method: 'POST',
    voice_fallback_url: null,
    voice_method: a.voiceMethod,
    voice_url: a.voiceUrl,
  };
}

/** `baseUrl` is where the sandbox's Twilio API lives (`<publicUrl><basePath>/twilio`). */
export function recordingJson(accountSid: string, baseUrl: string, r: RecordingRecord) {
  const path = `${accountPath(accountSid)}/Recordings/${r.sid}`;
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    call_sid: r.callSid,
    channels: r.channels,
    conference_sid: null,
    date_created: rfc2822(r.dateCreated),
    date_updated: rfc2822(r.dateCreated),
    duration: String(r.duration),
    encryption_details: null,
    error_code: null,
    media_url: `${baseUrl}${path}`,
    price: null,
    price_unit: 'USD',
    sid: r.sid,
    source: r.source,
    start_time: rfc2822(r.startTime),
    status: 'completed',
    subresource_uris: {
      add_on_results: `${path}/AddOnResults.json`,
      transcriptions: `${path}/Transcriptions.json`,
    },
    uri: `${path}.json`,
  };
}

/** `+15551234567` → `(555) 123-4567`; anything else unchanged. */
export function formatNumber(n: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(n);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : n;
}
