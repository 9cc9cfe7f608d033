import { describe, expect, it } from 'vitest';
import {
  BACK_OFFICE_GROUP_TITLE,
  BACK_OFFICE_ITEMS,
  PLATFORM_GROUP_TITLE,
  PLATFORM_ITEMS,
  QUICK_LINKS,
  withPagePermissions,
} from './sidebar';

const summary = (items: readonly { title: string; url: string; permission?: string }[]) =>
  items.map(({ title, url, permission }) => [title, url, permission ?? null]);

// spec §2: the sidebar.
describe('sidebar navigation', () => {
  it("names the groups 'Platform' and 'Back Office'", () => {
    expect([PLATFORM_GROUP_TITLE, BACK_OFFICE_GROUP_TITLE]).toEqual(['Platform', 'Back Office']);
  });

  it('has the quick links Search, Home and Calendar', () => {
    expect(summary(QUICK_LINKS)).toEqual([
      ['Search', '/', null],
      ['Home', '/', null],
      ['Calendar', '/orders/calendar', null],
    ]);
  });

  // The permissions are the pages' own (the web app's route-access test checks them).
  it('has the Platform items with their routes, and no permission of their own', () => {
    expect(summary(PLATFORM_ITEMS)).toEqual([
      ['Orders', '/orders', null],
      ['Reach', '/phone', null],
      ['Inventory', '/products', null],
      ['Customers', '/customers', null],
      ['Coupons', '/coupons', null],
    ]);
  });

  it('makes Search open the command palette', () => {
    expect(QUICK_LINKS.find((item) => item.title === 'Search')?.action).toBe('command-palette');
  });

  it('gives Reach the plus action that opens the Outbound Call dialog', () => {
    expect(PLATFORM_ITEMS.find((item) => item.title === 'Reach')?.action).toBe('outbound-call');
  });

  it('gives Inventory the children Products, Categories and Setup Surface', () => {
    const inventory = PLATFORM_ITEMS.find((item) => item.title === 'Inventory');
    expect(summary(inventory?.items ?? [])).toEqual([
      ['Products', '/products', null],
      ['Categories', '/categories', null],
      ['Setup Surface', '/surface', null],
    ]);
  });

  it('has the Back Office items with their routes, and no permission of their own', () => {
    expect(summary(BACK_OFFICE_ITEMS)).toEqual([
      ['Delivery Manager', '/orders/driver/calendar', null],
      ['Emails', '/email', null],
      ['Reports', '/reports', null],
      ['Website Builder', '/website', null],
      ['Team', '/staff', null],
      ['Settings', '/account', null],
    ]);
  });

  it('gives each item and child the permission its page declares, and none for an open page', () => {
    const permissionOf = (url: string) =>
      url === '/products' ? 'product.read' : url === '/categories' ? 'coupons.read' : undefined;
    const items = withPagePermissions(PLATFORM_ITEMS, permissionOf);
    expect(summary(items)).toEqual([
      ['Orders', '/orders', null],
      ['Reach', '/phone', null],
      ['Inventory', '/products', 'product.read'],
      ['Customers', '/customers', null],
      ['Coupons', '/coupons', null],
    ]);
    expect(summary(items.find((item) => item.title === 'Inventory')?.items ?? [])).toEqual([
      ['Products', '/products', 'product.read'],
      ['Categories', '/categories', 'coupons.read'],
      ['Setup Surface', '/surface', null],
    ]);
    expect(items.find((item) => item.title === 'Reach')?.action).toBe('outbound-call');
  });

  it('gives Settings the children Schedule, Website Settings, Billing and Reach', () => {
    const settings = BACK_OFFICE_ITEMS.find((item) => item.title === 'Settings');
    expect(summary(settings?.items ?? [])).toEqual([
      ['Schedule', '/schedule', null],
      ['Website Settings', '/account?tab=website', null],
      ['Billing', '/account?tab=billing', null],
      ['Reach', '/account?tab=voice', null],
    ]);
  });
});
