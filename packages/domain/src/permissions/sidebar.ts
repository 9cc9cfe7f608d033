import type { Permission } from './permissions';

// The Reach item's plus action opens the Outbound Call dialog (spec §2); Search opens the
// command palette instead of going to its url (issue 15).
export type NavAction = 'outbound-call' | 'command-palette';

// spec §3: a navigation item. Its permission is the one its page declares: a page's route
// says what it needs (the web app's route static data), and the sidebar reads it from there,
// so the items below name their pages only (decision 0017).
export interface NavItem {
  readonly title: string;
  readonly url: string;
  /** Filled in from the page at `url` (withPagePermissions); never written here. */
  readonly permission?: Permission;
  readonly items?: readonly NavItem[];
  readonly action?: NavAction;
}

// spec §2: sidebar group headings.
export const PLATFORM_GROUP_TITLE = 'Platform';
export const BACK_OFFICE_GROUP_TITLE = 'Back Office';

// spec §2: quick links at the top of the sidebar.
export const QUICK_LINKS: readonly NavItem[] = [
  { title: 'Search', url: '/', action: 'command-palette' },
  { title: 'Home', url: '/' },
  { title: 'Calendar', url: '/orders/calendar' },
];

// spec §2: group 'Platform'. The sidebar shows every Platform item (only Back Office items are
// hidden, spec §6); each page says when the user has no access.
export const PLATFORM_ITEMS: readonly NavItem[] = [
  { title: 'Orders', url: '/orders' },
  { title: 'Reach', url: '/phone', action: 'outbound-call' },
  {
    title: 'Inventory',
    url: '/products',
    items: [
      { title: 'Products', url: '/products' },
      { title: 'Categories', url: '/categories' },
      { title: 'Setup Surface', url: '/surface' },
    ],
  },
  { title: 'Customers', url: '/customers' },
  { title: 'Coupons', url: '/coupons' },
];

// spec §2: group 'Back Office'; every item's page needs a permission.
export const BACK_OFFICE_ITEMS: readonly NavItem[] = [
  { title: 'Delivery Manager', url: '/orders/driver/calendar' },
  { title: 'Emails', url: '/email' },
  { title: 'Reports', url: '/reports' },
  { title: 'Website Builder', url: '/website' },
  { title: 'Team', url: '/staff' },
  {
    title: 'Settings',
    url: '/account',
    items: [
      { title: 'Schedule', url: '/schedule' },
      { title: 'Website Settings', url: '/account?tab=website' },
      { title: 'Billing', url: '/account?tab=billing' },
      { title: 'Reach', url: '/account?tab=voice' },
    ],
  },
];

/** What a page at a url needs: its declared permission, or undefined for an open page. */
export type PagePermissionOf = (url: string) => Permission | undefined;

/** The items, and their children, with the permission each one's page declares. */
export function withPagePermissions(
  items: readonly NavItem[],
  permissionOf: PagePermissionOf,
): readonly NavItem[] {
  return items.map(({ permission: _, ...item }) => {
    const permission = permissionOf(item.url);
    return {
      ...item,
      ...(permission === undefined ? {} : { permission }),
      ...(item.items ? { items: withPagePermissions(item.items, permissionOf) } : {}),
    };
  });
}
