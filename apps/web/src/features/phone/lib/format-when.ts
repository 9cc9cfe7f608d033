const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
});

/** Calendar days from `date` to `now` in the viewer's zone (0 today, 1 yesterday). */
function daysAgo(date: Date, now: Date): number {
  return Math.round(
    (new Date(now.toDateString()).getTime() - new Date(date.toDateString()).getTime()) / 86_400_000,
  );
}

/** "Today, 3:42 PM", "Yesterday, 9:05 AM" or "Tue, Nov 18, 3:42 PM". */
export function formatWhen(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(date, now);
  if (days === 0) return `Today, ${timeOfDay.format(date)}`;
  if (days === 1) return `Yesterday, ${timeOfDay.format(date)}`;
  return dayAndTime.format(date);
}

/** A list's short time: "3:42 PM" today, "Yesterday", "Tue" this week, else "Nov 3". */
export function formatListTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(date, now);
  if (days === 0) return timeOfDay.format(date);
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return weekday.format(date);
  return monthDay.format(date);
}

/** A conversation's day heading: "Today", "Yesterday" or "Tuesday, Nov 18". */
export function formatDayHeading(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return longDay.format(date);
}

export function formatTimeOfDay(iso: string): string {
  return timeOfDay.format(new Date(iso));
}
