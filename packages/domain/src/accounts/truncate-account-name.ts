// spec §2, §9: account names longer than 18 characters are cut to 18 plus an ellipsis.
export const ACCOUNT_NAME_MAX = 18;

/** Counts characters as code points, so an emoji is never cut in half. */
export function truncateAccountName(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= ACCOUNT_NAME_MAX) return name;
  return `${characters.slice(0, ACCOUNT_NAME_MAX).join('')}…`;
}
