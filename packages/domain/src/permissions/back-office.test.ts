import { describe, expect, it } from 'vitest';
import { showsBackOffice, visibleBackOfficeItems } from './back-office';
import type { Permission } from './permissions';

// spec §2: what the Back Office pages need (in the app, each route declares its own).
const SPEC_PAGE_PERMISSIONS: Record<string, Permission> = {
  '/orders/driver/calendar': 'delivery.read',
  '/email': 'email.read',
  '/reports': 'reports.read',
  '/website': 'website.read',
  '/staff': 'staff.others.write',
  '/account': 'account.read',
};
const permissionOf = (url: string) => SPEC_PAGE_PERMISSIONS[url];

// spec §6: Back Office items need their permission; the group needs at least one item.
describe('Back Office visibility', () => {
  it.each([
    { why: 'shows nothing without roles', roles: [], titles: [] },
    {
      why: 'shows nothing for Platform-only roles',
      roles: ['tentpole:customer.read', 'tentpole:phone.read'],
      titles: [],
    },
    {
      why: 'shows only Reports for reports.read',
      roles: ['tentpole:reports.read'],
      titles: ['Reports'],
    },
    {
      why: 'shows Team for staff.others.write',
      roles: ['tentpole:staff.others.write'],
      titles: ['Team'],
    },
    {
      why: 'does not show Team for staff.others.read',
      roles: ['tentpole:staff.others.read'],
      titles: [],
    },
    { why: 'shows Settings for account.read', roles: ['tentpole:account.*'], titles: ['Settings'] },
    {
      why: 'shows every item for a full wildcard',
      roles: ['tentpole:*'],
      titles: ['Delivery Manager', 'Emails', 'Reports', 'Website Builder', 'Team', 'Settings'],
    },
  ])('$why', ({ roles, titles }) => {
    expect(visibleBackOfficeItems(roles, permissionOf).map((item) => item.title)).toEqual(titles);
    expect(showsBackOffice(roles, permissionOf)).toBe(titles.length > 0);
  });

  it('hides an item whose page declares no permission, even from a full wildcard', () => {
    const onlyEmails = (url: string) => (url === '/email' ? 'email.read' : undefined);
    expect(visibleBackOfficeItems(['tentpole:*'], onlyEmails).map((item) => item.title)).toEqual([
      'Emails',
    ]);
  });
});
