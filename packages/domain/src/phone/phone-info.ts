import { z } from 'zod';

// spec §3: phone info, as returned by GET /api/phone/.
export const phoneInfoSchema = z.object({
  enabled: z.boolean(),
  messagingStatus: z.string().nullable(),
  mobileClickToCall: z.boolean(),
  currentUserPhoneNumber: z.string().nullable(),
  // Ours, beyond spec §3's four fields: the number customers call and text (E.164), so staff
  // can find it (issue 15). Null while the account has no number.
  businessNumber: z.string().nullable().default(null),
});

export type PhoneInfo = z.output<typeof phoneInfoSchema>;

// spec §3: the messaging statuses that count as messaging-ready.
export const MESSAGING_READY_STATUSES: readonly string[] = ['approved', 'success'];

// spec §6: phone service exists only when phone info enabled is true.
export function hasPhoneService(info: PhoneInfo | null | undefined): boolean {
  return info?.enabled === true;
}

// spec §6: messaging needs phone service and a messagingStatus of approved or success.
export function isMessagingReady(info: PhoneInfo | null | undefined): boolean {
  if (!hasPhoneService(info) || info?.messagingStatus == null) return false;
  return MESSAGING_READY_STATUSES.includes(info.messagingStatus);
}

// spec §6: mobile forwarding needs mobileClickToCall and a user phone number. A blank
// number is treated as missing: there is nothing to ring.
export function canForwardToMobile(info: PhoneInfo | null | undefined): boolean {
  if (info?.mobileClickToCall !== true) return false;
  return info.currentUserPhoneNumber != null && info.currentUserPhoneNumber.trim() !== '';
}
