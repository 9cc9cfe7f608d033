/**
 * back-office spec §10: a cart holds its items for the account's hold time, counted again from
 * each sign of activity (adding, removing, a page view, the countdown's own ping), so a
 * shopper who is still choosing never loses the items; one who left loses them at the end.
 */
export function cartHoldExpiry(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
}

/** The countdown's text: "29:05" (minutes and seconds left), "0:00" once it has run out. */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whether a cart's hold still holds stock at `now` (an expired hold holds nothing). */
export function cartHolds(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() > now.getTime();
}
