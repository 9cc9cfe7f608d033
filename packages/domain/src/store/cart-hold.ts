/**
 * back-office spec §10: a cart holds its items for the account's hold time, counted again from
 * each sign of activity (adding, removing, a page view, the countdown's own ping), so a
 * shopper who is still choosing never loses the items; one who left loses them at the end.
 */
export function cartHoldExpiry(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
}

/**
 * A hold's countdown, the same on the store's cart and the customer's order page: "29:05" and
 * "1:06" (minutes and seconds) within the hour, "1:02:05" past it, "0:00" once it has run out.
 * Self-contained (no outside names), so the pages' scripts run this very function in the
 * browser (`${countdownText}` in their source): the server's first text and the ticking agree.
 */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Whether a cart's hold still holds stock at `now` (an expired hold holds nothing). */
export function cartHolds(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() > now.getTime();
}
