import { describe, expect, it } from 'vitest';
import { isAtUrl, isExactlyAtUrl, type NavLocation } from './nav-location';

const at = (pathname: string, search: Record<string, unknown> = {}): NavLocation => ({
  pathname,
  search,
});

describe('isAtUrl (active items)', () => {
  it('matches the path and the query parameters the url names, ignoring others', () => {
    expect(isAtUrl('/account', at('/account', { tab: 'voice' }))).toBe(true);
    expect(isAtUrl('/account?tab=billing', at('/account', { tab: 'billing' }))).toBe(true);
    expect(isAtUrl('/account?tab=billing', at('/account', { tab: 'website' }))).toBe(false);
    expect(isAtUrl('/account', at('/accounts'))).toBe(false);
  });
});

// spec §2 Sidebar: a parent navigates "if not already there, otherwise toggles".
describe('isExactlyAtUrl (a parent is already there)', () => {
  it('is not at /account while on /account?tab=billing', () => {
    expect(isExactlyAtUrl('/account', at('/account', { tab: 'billing' }))).toBe(false);
  });

  it('is at /account on /account, and at a url with a query only with that same query', () => {
    expect(isExactlyAtUrl('/account', at('/account'))).toBe(true);
    expect(isExactlyAtUrl('/account?tab=voice', at('/account', { tab: 'voice' }))).toBe(true);
    expect(isExactlyAtUrl('/account?tab=voice', at('/account', { tab: 'voice', extra: '1' }))).toBe(
      false,
    );
    expect(isExactlyAtUrl('/account?tab=voice', at('/account'))).toBe(false);
  });

  it('compares numbers parsed from the query as text, and ignores parameters left unset', () => {
    expect(isExactlyAtUrl('/orders?page=2', at('/orders', { page: 2 }))).toBe(true);
    expect(isExactlyAtUrl('/products', at('/products', { tab: undefined }))).toBe(true);
  });
});
