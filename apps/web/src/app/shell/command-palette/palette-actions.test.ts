import type { PhoneInfo } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { NEW_ORDER_URL, paletteActions } from './palette-actions';

const texting: PhoneInfo = {
  enabled: true,
  messagingStatus: 'approved',
  mobileClickToCall: false,
  currentUserPhoneNumber: null,
  businessNumber: '+15550190100',
};
const everyPage = () => true;

describe('the palette’s actions', () => {
  it('offers New text and Outbound call to phone.write in an account that texts', () => {
    expect(
      paletteActions({ roles: ['tentpole:phone.*'], phoneInfo: texting, mayOpen: everyPage }),
    ).toEqual(['new-text', 'outbound-call']);
  });

  it('offers Outbound call without New text to a role that cannot send texts', () => {
    expect(
      paletteActions({ roles: ['tentpole:phone.read'], phoneInfo: texting, mayOpen: everyPage }),
    ).toEqual(['outbound-call']);
  });

  it('offers Outbound call without New text while texting is not switched on', () => {
    expect(
      paletteActions({
        roles: ['tentpole:phone.*'],
        phoneInfo: { ...texting, messagingStatus: 'pending' },
        mayOpen: everyPage,
      }),
    ).toEqual(['outbound-call']);
  });

  it('offers no phone action without phone service, or to a user who may not open Reach', () => {
    expect(
      paletteActions({ roles: ['tentpole:phone.*'], phoneInfo: null, mayOpen: everyPage }),
    ).toEqual([]);
    expect(
      paletteActions({
        roles: ['tentpole:phone.*'],
        phoneInfo: texting,
        mayOpen: (url) => url !== '/phone',
      }),
    ).toEqual([]);
  });

  it('offers New order with order.write once the order page exists', () => {
    const access = { phoneInfo: null, mayOpen: everyPage };
    expect(paletteActions({ ...access, roles: ['tentpole:order.write'] })).toEqual(['new-order']);
    expect(paletteActions({ ...access, roles: ['tentpole:order.read'] })).toEqual([]);
    expect(
      paletteActions({
        phoneInfo: null,
        roles: ['tentpole:order.write'],
        mayOpen: (url) => url !== NEW_ORDER_URL,
      }),
    ).toEqual([]);
  });
});
