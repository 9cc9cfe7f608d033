/** The parts of the current location that navigation items are matched against. */
export type NavLocation = {
  pathname: string;
  search: Record<string, unknown>;
};

/**
 * Whether the location is at `url`: the same path, and every query parameter the url names
 * has the same value ('/account?tab=billing' is not active on '/account?tab=website').
 */
export function isAtUrl(url: string, location: NavLocation): boolean {
  const target = new URL(url, 'http://app.invalid');
  if (target.pathname !== location.pathname) return false;
  for (const [key, value] of target.searchParams) {
    if (String(location.search[key] ?? '') !== value) return false;
  }
  return true;
}

/**
 * Whether the location is exactly `url`: the same path and the same query, no parameter more
 * or fewer. A parent with children is "already there" only then (spec §2 Sidebar, decision
 * 0006): at '/account?tab=billing' Settings ('/account') still navigates.
 */
export function isExactlyAtUrl(url: string, location: NavLocation): boolean {
  if (!isAtUrl(url, location)) return false;
  const { searchParams } = new URL(url, 'http://app.invalid');
  return Object.entries(location.search).every(
    ([key, value]) => value === undefined || searchParams.has(key),
  );
}
