import { z } from 'zod';

// spec §5: the phone settings form's messages, to the letter.
export const VOICEMAIL_TEXT_REQUIRED_MESSAGE = 'Voice mail text is required';
export const FORWARDING_NUMBER_INVALID_MESSAGE = 'Forwarding number must be a valid phone number';
export const FORWARDING_NUMBER_REQUIRED_MESSAGE = 'You must enter a phone number';
export const INVALID_WEBHOOK_URL_MESSAGE = 'Invalid webhook URL';
// Not in the spec (it shows no limits); ours, in its voice.
/** Twilio dials at most 10 numbers at once (simultaneous dialing), and one text fans out to each. */
export const MAX_FORWARDING_NUMBERS = 10;
export const TOO_MANY_FORWARDING_NUMBERS_MESSAGE = `At most ${MAX_FORWARDING_NUMBERS} forwarding numbers`;
export const VOICEMAIL_TEXT_MAX = 1000;
export const VOICEMAIL_TEXT_TOO_LONG_MESSAGE = `Voice mail text must be at most ${VOICEMAIL_TEXT_MAX} characters`;
export const SLACK_CHANNEL_NAME_MAX = 80;
export const CALL_FORWARDING_NEEDS_NUMBER_MESSAGE = 'Add a number to forward calls to';
export const TEXT_FORWARDING_NEEDS_NUMBER_MESSAGE = 'Add a number to forward texts to';
export const SLACK_NEEDS_URL_MESSAGE = 'Add the Slack webhook URL to post texts to Slack';

// spec §5: only digits, plus, hyphen, parentheses and space. We also require at least one
// digit, so that a value such as '()' or '+' is not accepted as a number to forward to.
export const FORWARDING_NUMBER_PATTERN = /^(?=.*\d)[\d+\-() ]+$/;

const forwardingNumberSchema = z
  .string({ error: FORWARDING_NUMBER_REQUIRED_MESSAGE })
  .trim()
  // abort: a blank entry reports only that it is missing, not that it is malformed too.
  .min(1, { error: FORWARDING_NUMBER_REQUIRED_MESSAGE, abort: true })
  .regex(FORWARDING_NUMBER_PATTERN, { error: FORWARDING_NUMBER_INVALID_MESSAGE });

const forwardingNumbers = z
  .array(forwardingNumberSchema)
  .max(MAX_FORWARDING_NUMBERS, { error: TOO_MANY_FORWARDING_NUMBERS_MESSAGE })
  .default([]);

const requiredBoolean = z.boolean();

/**
 * An optional text field: absent, null and blank all mean "not set" (undefined), because a
 * cleared form input sends '' and a stored row may hold null. Other values go on to `then`.
 */
function optionalText(then: z.ZodType<string, string>, message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .trim()
    .nullish()
    .transform((value) => (value ? value : undefined))
    .pipe(then.optional());
}

export const phoneSettingsSchema = z.object({
  voicemailText: z
    .string({ error: VOICEMAIL_TEXT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: VOICEMAIL_TEXT_REQUIRED_MESSAGE })
    .max(VOICEMAIL_TEXT_MAX, { error: VOICEMAIL_TEXT_TOO_LONG_MESSAGE }),
  showCallerId: requiredBoolean,
  forwardIncomingCallsToMobile: requiredBoolean,
  forwardIncomingCallsTo: forwardingNumbers,
  forwardIncomingMessagesToMobile: requiredBoolean,
  forwardIncomingMessagesTo: forwardingNumbers,
  mobileClickToCall: requiredBoolean,
  forwardIncomingMessagesToSlack: z.boolean().default(false),
  // spec §5: a valid URL. A webhook is posted to, so only http and https URLs are valid.
  slackWebhookUrl: optionalText(
    z.url({ protocol: /^https?$/, error: INVALID_WEBHOOK_URL_MESSAGE }),
    INVALID_WEBHOOK_URL_MESSAGE,
  ),
  slackChannelName: optionalText(z.string().max(SLACK_CHANNEL_NAME_MAX)),
});

/**
 * What a save may send: the settings, and only settings that can work (issue 14): forwarding
 * turned on has somewhere to forward to, Slack turned on has its webhook, and the webhook is
 * https (it carries customers' texts). Stored settings are read with `phoneSettingsSchema`.
 */
export const phoneSettingsInputSchema = phoneSettingsSchema.superRefine((settings, ctx) => {
  if (settings.forwardIncomingCallsToMobile && settings.forwardIncomingCallsTo.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['forwardIncomingCallsTo'],
      message: CALL_FORWARDING_NEEDS_NUMBER_MESSAGE,
    });
  if (settings.forwardIncomingMessagesToMobile && settings.forwardIncomingMessagesTo.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['forwardIncomingMessagesTo'],
      message: TEXT_FORWARDING_NEEDS_NUMBER_MESSAGE,
    });
  if (settings.forwardIncomingMessagesToSlack && !settings.slackWebhookUrl)
    ctx.addIssue({ code: 'custom', path: ['slackWebhookUrl'], message: SLACK_NEEDS_URL_MESSAGE });
  if (settings.slackWebhookUrl && !settings.slackWebhookUrl.toLowerCase().startsWith('https://'))
    ctx.addIssue({
      code: 'custom',
      path: ['slackWebhookUrl'],
      message: INVALID_WEBHOOK_URL_MESSAGE,
    });
});

/** The parsed settings (what the server stores and returns). */
export type PhoneSettings = z.output<typeof phoneSettingsSchema>;
/** What a form or request may send before defaults and trimming are applied. */
export type PhoneSettingsInput = z.input<typeof phoneSettingsSchema>;
