import { describe, expect, it } from 'vitest';
import { showsBackOffice, visibleBackOfficeItems } from './back-office';

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
    expect(visibleBackOfficeItems(roles).map((item) => item.title)).toEqual(titles);
    expect(showsBackOffice(roles)).toBe(titles.length > 0);
  });
});
