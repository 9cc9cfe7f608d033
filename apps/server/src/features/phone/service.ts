import { normalizePhone } from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { hit, type Limit } from '../../http/rate-limit.js';
import { logger } from '../../logging/logger.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import type { webhookUrls } from '../../telephony/webhook-urls.js';
import { recordCall } from './calls.js';
import { customerByPhone, memberMobileNumber, routingSettings } from './queries.js';

/** Calls a person can start in a minute. */
export const CALLS_PER_MINUTE: Limit = {
  name: 'calls-per-user-minute',
  max: 10,
  windowMs: 60_000,
  message: 'Too many calls in a minute. Please wait a moment and try again.',
};

/**
 * spec §7 click-to-call: ring the user's own mobile from the business number; when they
 * answer, the carrier asks us how to connect it to the number (the click-to-call webhook). The
 * call is logged at once, tied to the customer who has that number.
 */
export async function placeClickToCall(
  { db, twilio, urls }: { db: Db; twilio: TwilioClient; urls: ReturnType<typeof webhookUrls> },
  {
    accountId,
    userId,
    businessNumber,
  }: { accountId: string; userId: string; businessNumber: string },
  phoneNumber: string,
) {
  await hit(db, CALLS_PER_MINUTE, userId);
  const [settings, mobile] = await Promise.all([
    routingSettings(db, accountId),
    memberMobileNumber(db, accountId, userId),
  ]);
  if (!settings.mobileClickToCall || !mobile) {
    throw new AppError('bad_request', 'Forward to Mobile is not configured.');
  }
  const to = normalizePhone(phoneNumber);
  let callSid: string;
  try {
    const call = await twilio.calls.create({
      to: mobile,
      from: businessNumber,
      url: urls.clickToCall,
      method: 'POST',
      timeout: 20,
      statusCallback: urls.status,
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    });
    callSid = call.sid;
  } catch (error) {
    logger.warn({ err: error }, 'click-to-call: the carrier refused the call');
    throw new AppError('unavailable', 'The call could not be placed. Please try again.');
  }
  const customer = await customerByPhone(db, accountId, to);
  return recordCall(db, {
    accountId,
    callSid,
    direction: 'outbound',
    via: 'mobile',
    fromNumber: businessNumber,
    toNumber: to,
    counterpartNumber: to,
    status: 'queued',
    customerId: customer?.id ?? null,
    placedByUserId: userId,
    startedAt: new Date(),
  });
}
