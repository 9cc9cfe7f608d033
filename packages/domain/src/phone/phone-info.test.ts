import { describe, expect, it } from 'vitest';
import {
  canForwardToMobile,
  hasPhoneService,
  isMessagingReady,
  type PhoneInfo,
  phoneInfoSchema,
} from './phone-info';

const base: PhoneInfo = {
  enabled: true,
  messagingStatus: 'approved',
  mobileClickToCall: true,
  currentUserPhoneNumber: '+15550100123',
  businessNumber: '+15550001111',
};

// spec §6: phone service, messaging and mobile forwarding.
describe('hasPhoneService', () => {
  it.each([
    { why: 'has service when enabled is true', info: base, expected: true },
    {
      why: 'has no service when enabled is false',
      info: { ...base, enabled: false },
      expected: false,
    },
    { why: 'has no service without phone info (null)', info: null, expected: false },
    { why: 'has no service without phone info (undefined)', info: undefined, expected: false },
  ])('$why', ({ info, expected }) => {
    expect(hasPhoneService(info)).toBe(expected);
  });
});

describe('isMessagingReady', () => {
  it.each([
    { why: "is ready with status 'approved'", info: base, expected: true },
    {
      why: "is ready with status 'success'",
      info: { ...base, messagingStatus: 'success' },
      expected: true,
    },
    {
      why: "is not ready with status 'pending'",
      info: { ...base, messagingStatus: 'pending' },
      expected: false,
    },
    {
      why: 'is not ready with a null status',
      info: { ...base, messagingStatus: null },
      expected: false,
    },
    {
      why: "is not ready with status 'approved' when phone service is off",
      info: { ...base, enabled: false },
      expected: false,
    },
    { why: 'is not ready without phone info', info: null, expected: false },
  ])('$why', ({ info, expected }) => {
    expect(isMessagingReady(info)).toBe(expected);
  });
});

describe('canForwardToMobile', () => {
  it.each([
    { why: 'can forward with mobileClickToCall and a number', info: base, expected: true },
    {
      why: 'can forward even without phone service (the spec asks only for the two fields)',
      info: { ...base, enabled: false },
      expected: true,
    },
    {
      why: 'cannot forward when mobileClickToCall is false',
      info: { ...base, mobileClickToCall: false },
      expected: false,
    },
    {
      why: 'cannot forward with a null number',
      info: { ...base, currentUserPhoneNumber: null },
      expected: false,
    },
    {
      why: 'cannot forward with a blank number',
      info: { ...base, currentUserPhoneNumber: ' ' },
      expected: false,
    },
    { why: 'cannot forward without phone info', info: undefined, expected: false },
  ])('$why', ({ info, expected }) => {
    expect(canForwardToMobile(info)).toBe(expected);
  });
});

describe('phoneInfoSchema', () => {
  it('accepts phone info with null status and number', () => {
    const info = { ...base, messagingStatus: null, currentUserPhoneNumber: null };
    expect(phoneInfoSchema.parse(info)).toEqual(info);
  });

  it('rejects phone info without enabled', () => {
    const { enabled: _enabled, ...rest } = base;
    expect(phoneInfoSchema.safeParse(rest).success).toBe(false);
  });
});
