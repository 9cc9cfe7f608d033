import {
  BACK_OFFICE_ITEMS,
  type NavItem,
  type Permission,
  PLATFORM_ITEMS,
  QUICK_LINKS,
  withPagePermissions,
} from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { pagePermission, pagePermissions } from '@/app/providers/page-access';
import { createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

// The live route table: what the app serves, each route with the access it declares.
const router = createAppRouter({ queryClient: createQueryClient() });
const permissionOf = (url: string) => pagePermission(router, url);

/** Every item and child, flattened, with the group it sits in. */
function walk(items: readonly NavItem[], parent?: NavItem): { item: NavItem; parent?: NavItem }[] {
  return items.flatMap((item) => [{ item, parent }, ...walk(item.items ?? [], item)]);
}
const SIDEBAR = [...walk(QUICK_LINKS), ...walk(PLATFORM_ITEMS), ...walk(BACK_OFFICE_ITEMS)];

// spec §2 Sidebar, the two tables: what each item's page needs. Children need what their
// parent needs (Inventory's and Settings' children are parts of those areas).
const SPEC_SIDEBAR_PERMISSIONS: Record<string, Permission | null> = {
  Search: null,
  Home: null,
  Calendar: null,
  Orders: null,
  Reach: 'phone.read',
  Inventory: 'product.read',
  Customers: 'customer.read',
  Coupons: 'coupons.read',
  'Delivery Manager': 'delivery.read',
  Emails: 'email.read',
  Reports: 'reports.read',
  'Website Builder': 'website.read',
  Team: 'staff.others.write',
  Settings: 'account.read',
};

describe('page access, declared once on each route', () => {
  it.each(SIDEBAR.map(({ item, parent }) => ({ title: item.title, url: item.url, parent })))(
    "the sidebar's $title ($url) leads to a route in the route table",
    ({ url }) => {
      const pathname = url.split('?')[0] ?? url;
      const [, , foundRoute] = router.getMatchedRoutes(pathname);
      expect(foundRoute?.fullPath).toBe(pathname);
    },
  );

  it.each(
    SIDEBAR.map(({ item, parent }) => ({
      title: parent ? `${parent.title} › ${item.title}` : item.title,
      url: item.url,
      expected: SPEC_SIDEBAR_PERMISSIONS[(parent ?? item).title],
    })),
  )(
    "$title: the route at $url declares the sidebar's permission, $expected",
    ({ url, expected }) => {
      expect(expected).not.toBeUndefined();
      expect(permissionOf(url) ?? null).toBe(expected);
    },
  );

  it('knows no page at a path that only begins like a route', () => {
    expect(pagePermissions(router, '/orders')).toEqual([]);
    // An order's page reads with no permission (spec §2); a path past it is no page.
    expect(pagePermissions(router, '/orders/ord-1')).toEqual([]);
    expect(pagePermissions(router, '/orders/ord-1/nothing')).toBeNull();
    expect(pagePermissions(router, '/customers/cust-1')).toEqual(['customer.read']);
    expect(pagePermissions(router, '/no/such/page')).toBeNull();
  });

  it('gives the sidebar the permission each route declares, and nothing else', () => {
    const summary = (items: readonly NavItem[]): unknown[] =>
      items.map((item) => [item.title, item.permission ?? null, summary(item.items ?? [])]);
    expect(summary(withPagePermissions(PLATFORM_ITEMS, permissionOf))).toEqual([
      ['Orders', null, []],
      ['Reach', 'phone.read', []],
      [
        'Inventory',
        'product.read',
        [
          ['Products', 'product.read', []],
          ['Categories', 'product.read', []],
          ['Setup Surface', 'product.read', []],
        ],
      ],
      ['Customers', 'customer.read', []],
      ['Coupons', 'coupons.read', []],
    ]);
  });

  it('leaves only the dashboard, orders (the list and one order), the calendar, sign-in, sign-up, password reset, an invitation and an e-mail confirmation open to every signed-in user', () => {
    const open = Object.values(router.routesById)
      .filter((route) => !route.isRoot && route.options.staticData?.permission === undefined)
      .map((route) => route.fullPath)
      .sort();
    expect(open).toEqual([
      '/',
      '/auth/forgot-password',
      '/auth/login',
      '/auth/reset-password/$token',
      '/auth/signup',
      '/invite/$token',
      '/orders',
      '/orders/$orderId',
      '/orders/calendar',
      '/verify-email/$token',
    ]);
  });

  it('declares the permission of the pages outside the sidebar on their routes too', () => {
    expect(permissionOf('/customers/new')).toBe('customer.write');
    expect(permissionOf('/customers/cus_123')).toBe('customer.read');
    expect(permissionOf('/schedule')).toBe('account.read');
    expect(permissionOf('/products/new')).toBe('product.write');
    expect(permissionOf('/products/prod_123')).toBe('product.read');
    expect(permissionOf('/products/prod_123/edit')).toBe('product.write');
    expect(permissionOf('/website/carts')).toBe('website.read');
    expect(permissionOf('/website/pages/page_123')).toBe('website.read');
  });
});
