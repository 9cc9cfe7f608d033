import type { Permission } from './permissions';

// The Reach item's plus action opens the Outbound Call dialog (spec §2).
export type NavAction = 'outbound-call';

// spec §3: a navigation item.
export interface NavItem {
  readonly title: string;
  readonly url: string;
  readonly permission?: Permission;
  readonly items?: readonly NavItem[];
  readonly action?: NavAction;
}

// spec §2: sidebar group headings.
export const PLATFORM_GROUP_TITLE = 'Platform';
export const BACK_OFFICE_GROUP_TITLE = 'Back Office';

// spec §2: quick links at the top of the sidebar.
export const QUICK_LINKS: readonly NavItem[] = [
  { title: 'Search', url: '/' },
  { title: 'Home', url: '/' },
  { title: 'Calendar', url: '/orders/calendar' },
];

// spec §2: group 'Platform'. Orders needs no permission. The permissions are the pages' own:
// the sidebar shows every Platform item (only Back Office items are hidden, spec §6).
export const PLATFORM_ITEMS: readonly NavItem[] = [
  { title: 'Orders', url: '/orders' },
  { title: 'Reach', url: '/phone', permission: 'phone.read', action: 'outbound-call' },
  {
    title: 'Inventory',
    url: '/products',
    permission: 'product.read',
    items: [
      { title: 'Products', url: '/products' },
      { title: 'Categories', url: '/categories' },
      { title: 'Setup Surface', url: '/surface' },
    ],
  },
  { title: 'Customers', url: '/customers', permission: 'customer.read' },
  { title: 'Coupons', url: '/coupons', permission: 'coupons.read' },
];

// spec §2: group 'Back Office'; every item needs its permission.
export const BACK_OFFICE_ITEMS: readonly (NavItem & { readonly permission: Permission })[] = [
  { title: 'Delivery Manager', url: '/orders/driver/calendar', permission: 'delivery.read' },
  { title: 'Emails', url: '/email', permission: 'email.read' },
  { title: 'Reports', url: '/reports', permission: 'reports.read' },
  { title: 'Website Builder', url: '/website', permission: 'website.read' },
  { title: 'Team', url: '/staff', permission: 'staff.others.write' },
  {
    title: 'Settings',
    url: '/account',
    permission: 'account.read',
    items: [
      { title: 'Schedule', url: '/schedule' },
      { title: 'Website Settings', url: '/account?tab=website' },
      { title: 'Billing', url: '/account?tab=billing' },
      { title: 'Reach', url: '/account?tab=voice' },
    ],
  },
];
