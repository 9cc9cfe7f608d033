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
