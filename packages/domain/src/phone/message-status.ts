/**
 * Twilio's message statuses in the order a text moves through them. A status callback (or the
 * live event it raises) never moves a text back: `delivered` after `sent` applies, `sent` after
 * `delivered` does not. `undelivered`, `failed` and `read` are final.
 */
export const MESSAGE_STATUS_RANK: Readonly<Record<string, number>> = {
  queued: 0,
  accepted: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 4,
  failed: 4,
  read: 4,
};

/** The status's rank, or undefined for a status that is not Twilio's (such as `received`). */
export function messageStatusRank(status: string): number | undefined {
  return Object.hasOwn(MESSAGE_STATUS_RANK, status) ? MESSAGE_STATUS_RANK[status] : undefined;
}

/** Whether a text in status `from` moves to `to`: only forward, and only to a known status. */
export function isMessageStatusAdvance(from: string, to: string): boolean {
  const next = messageStatusRank(to);
  return next !== undefined && (messageStatusRank(from) ?? 0) < next;
}
