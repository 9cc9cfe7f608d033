import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../errors/zod-field-errors';
import {
  type PhoneSettingsInput,
  phoneSettingsSchema,
  TOO_MANY_FORWARDING_NUMBERS_MESSAGE,
  VOICEMAIL_TEXT_TOO_LONG_MESSAGE,
} from './phone-settings-schema';

const valid = {
  voicemailText: 'Sorry we missed you. Leave a message.',
  showCallerId: true,
  forwardIncomingCallsToMobile: false,
  forwardIncomingCallsTo: ['(555) 010-0123'],
  forwardIncomingMessagesToMobile: false,
  forwardIncomingMessagesTo: [],
  mobileClickToCall: true,
} satisfies PhoneSettingsInput;

function errorsFor(input: unknown): Record<string, string[]> {
  const result = phoneSettingsSchema.safeParse(input);
  return result.success ? {} : zodFieldErrors(result.error);
}

// spec §3 fields, spec §5 messages.
describe('phoneSettingsSchema', () => {
  it.each([
    {
      why: "rejects an empty voicemailText with 'Voice mail text is required'",
      change: { voicemailText: '' },
      errors: { voicemailText: ['Voice mail text is required'] },
    },
    {
      why: "rejects a blank voicemailText with 'Voice mail text is required'",
      change: { voicemailText: '   ' },
      errors: { voicemailText: ['Voice mail text is required'] },
    },
    {
      why: "rejects a missing voicemailText with 'Voice mail text is required'",
      change: { voicemailText: undefined },
      errors: { voicemailText: ['Voice mail text is required'] },
    },
    {
      why: "rejects a call forwarding number with letters with 'Forwarding number must be a valid phone number'",
      change: { forwardIncomingCallsTo: ['555-CALL'] },
      errors: { 'forwardIncomingCallsTo.0': ['Forwarding number must be a valid phone number'] },
    },
    {
      why: "rejects a message forwarding number with a dot with 'Forwarding number must be a valid phone number'",
      change: { forwardIncomingMessagesTo: ['+1 555 010 0123', '555.010.0123'] },
      errors: { 'forwardIncomingMessagesTo.1': ['Forwarding number must be a valid phone number'] },
    },
    {
      why: "rejects a forwarding number with no digit with 'Forwarding number must be a valid phone number'",
      change: { forwardIncomingCallsTo: ['( )'] },
      errors: { 'forwardIncomingCallsTo.0': ['Forwarding number must be a valid phone number'] },
    },
    {
      why: "rejects an empty forwarding entry with 'You must enter a phone number'",
      change: { forwardIncomingCallsTo: [''] },
      errors: { 'forwardIncomingCallsTo.0': ['You must enter a phone number'] },
    },
    {
      why: "rejects a missing forwarding entry with 'You must enter a phone number'",
      change: { forwardIncomingMessagesTo: [undefined] },
      errors: { 'forwardIncomingMessagesTo.0': ['You must enter a phone number'] },
    },
    {
      why: "rejects a null forwarding entry with 'You must enter a phone number'",
      change: { forwardIncomingCallsTo: [null] },
      errors: { 'forwardIncomingCallsTo.0': ['You must enter a phone number'] },
    },
    {
      why: "rejects a slackWebhookUrl that is not a URL with 'Invalid webhook URL'",
      change: { slackWebhookUrl: 'hooks.slack.com/services/T0/B0/x' },
      errors: { slackWebhookUrl: ['Invalid webhook URL'] },
    },
    {
      why: "rejects a non-web slackWebhookUrl with 'Invalid webhook URL'",
      change: { slackWebhookUrl: 'javascript:alert(1)' },
      errors: { slackWebhookUrl: ['Invalid webhook URL'] },
    },
    {
      why: "rejects a slackWebhookUrl that is not a string with 'Invalid webhook URL'",
      change: { slackWebhookUrl: 42 },
      errors: { slackWebhookUrl: ['Invalid webhook URL'] },
    },
  ])('$why', ({ change, errors }) => {
    expect(errorsFor({ ...valid, ...change })).toEqual(errors);
  });

  it.each([
    'showCallerId',
    'forwardIncomingCallsToMobile',
    'forwardIncomingMessagesToMobile',
    'mobileClickToCall',
  ])('requires %s as a boolean', (field) => {
    expect(Object.keys(errorsFor({ ...valid, [field]: undefined }))).toEqual([field]);
    expect(Object.keys(errorsFor({ ...valid, [field]: 'true' }))).toEqual([field]);
  });

  it.each([
    { why: 'digits only', entry: '5550100123' },
    { why: 'plus, hyphens, parentheses and spaces', entry: '+1 (555) 010-0123' },
  ])('accepts a forwarding number with $why', ({ entry }) => {
    expect(errorsFor({ ...valid, forwardIncomingCallsTo: [entry] })).toEqual({});
  });

  it('defaults forwardIncomingMessagesToSlack to false and absent lists to empty', () => {
    const { forwardIncomingCallsTo: _calls, forwardIncomingMessagesTo: _messages, ...rest } = valid;
    const parsed = phoneSettingsSchema.parse(rest);
    expect(parsed.forwardIncomingMessagesToSlack).toBe(false);
    expect(parsed.forwardIncomingCallsTo).toEqual([]);
    expect(parsed.forwardIncomingMessagesTo).toEqual([]);
  });

  it.each([
    { why: 'absent', value: undefined },
    { why: 'null', value: null },
    { why: 'empty', value: '' },
    { why: 'blank', value: '  ' },
  ])('treats a $why slackWebhookUrl and slackChannelName as not set', ({ value }) => {
    const parsed = phoneSettingsSchema.parse({
      ...valid,
      slackWebhookUrl: value,
      slackChannelName: value,
    });
    expect(parsed.slackWebhookUrl).toBeUndefined();
    expect(parsed.slackChannelName).toBeUndefined();
  });

  it('keeps a valid webhook URL and channel name', () => {
    const parsed = phoneSettingsSchema.parse({
      ...valid,
      forwardIncomingMessagesToSlack: true,
      slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/secret',
      slackChannelName: '#bookings',
    });
    expect(parsed).toMatchObject({
      forwardIncomingMessagesToSlack: true,
      slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/secret',
      slackChannelName: '#bookings',
    });
  });

  it('trims forwarding numbers and strips unknown keys', () => {
    const parsed = phoneSettingsSchema.parse({
      ...valid,
      forwardIncomingCallsTo: [' 5550100123 '],
      accountId: 'other',
    });
    expect(parsed.forwardIncomingCallsTo).toEqual(['5550100123']);
    expect(parsed).not.toHaveProperty('accountId');
  });

  it.each(['forwardIncomingCallsTo', 'forwardIncomingMessagesTo'] as const)(
    'takes at most 10 %s numbers (Twilio dials at most 10 at once)',
    (field) => {
      const numbers = (n: number) => Array.from({ length: n }, (_, i) => `55501001${10 + i}`);
      expect(phoneSettingsSchema.safeParse({ ...valid, [field]: numbers(10) }).success).toBe(true);
      const tooMany = phoneSettingsSchema.safeParse({ ...valid, [field]: numbers(11) });
      expect(tooMany.success).toBe(false);
      expect(tooMany.error?.issues[0]).toMatchObject({
        path: [field],
        message: TOO_MANY_FORWARDING_NUMBERS_MESSAGE,
      });
    },
  );

  it('takes a voicemail greeting of at most 1,000 characters', () => {
    expect(
      phoneSettingsSchema.safeParse({ ...valid, voicemailText: 'a'.repeat(1000) }).success,
    ).toBe(true);
    const long = phoneSettingsSchema.safeParse({ ...valid, voicemailText: 'a'.repeat(1001) });
    expect(long.error?.issues[0]?.message).toBe(VOICEMAIL_TEXT_TOO_LONG_MESSAGE);
  });
});
