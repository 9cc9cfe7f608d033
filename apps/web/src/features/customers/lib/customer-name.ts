import { firstGrapheme } from '@/lib/initials';

type Named = { firstName: string; lastName: string };

export function customerName({ firstName, lastName }: Named): string {
  return `${firstName} ${lastName}`.trim();
}

/** One whole grapheme from each name: an emoji at the start of a name stays whole. */
export function customerInitials({ firstName, lastName }: Named): string {
  return `${firstGrapheme(firstName.trim())}${firstGrapheme(lastName.trim())}`.toLocaleUpperCase();
}
