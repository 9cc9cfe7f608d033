import { describe, expectTypeOf, it } from 'vitest';
import type { PhoneSettings, PhoneSettingsInput } from './phone-settings-schema';

// Checked by tsc: spec §3's phone settings fields.
describe('phone settings types', () => {
  it('gives parsed settings the spec fields, with the Slack fields optional', () => {
    expectTypeOf<PhoneSettings>().toEqualTypeOf<{
      voicemailText: string;
      showCallerId: boolean;
      forwardIncomingCallsToMobile: boolean;
      forwardIncomingCallsTo: string[];
      forwardIncomingMessagesToMobile: boolean;
      forwardIncomingMessagesTo: string[];
      mobileClickToCall: boolean;
      forwardIncomingMessagesToSlack: boolean;
      slackWebhookUrl?: string | undefined;
      slackChannelName?: string | undefined;
    }>();
  });

  it('lets a form send null or leave out the defaulted and Slack fields', () => {
    expectTypeOf<PhoneSettingsInput>().toEqualTypeOf<{
      voicemailText: string;
      showCallerId: boolean;
      forwardIncomingCallsToMobile: boolean;
      forwardIncomingCallsTo?: string[] | undefined;
      forwardIncomingMessagesToMobile: boolean;
      forwardIncomingMessagesTo?: string[] | undefined;
      mobileClickToCall: boolean;
      forwardIncomingMessagesToSlack?: boolean | undefined;
      slackWebhookUrl?: string | null | undefined;
      slackChannelName?: string | null | undefined;
    }>();
  });
});
