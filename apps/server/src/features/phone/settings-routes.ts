import {
  FORWARDING_NUMBER_INVALID_MESSAGE,
  normalizePhone,
  phoneSettingsInputSchema,
  phoneSettingsSchema,
} from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { checkPossibleNumber } from '../../telephony/possible-number.js';
import { phoneSettings } from './tables.js';

// Each forwarding number must also be one a carrier can dial (the form checks its characters).
const settingsRequestSchema = phoneSettingsInputSchema.superRefine((settings, ctx) => {
  for (const list of ['forwardIncomingCallsTo', 'forwardIncomingMessagesTo'] as const)
    for (const [index, number] of settings[list].entries())
      checkPossibleNumber(ctx, [list, index], number, FORWARDING_NUMBER_INVALID_MESSAGE);
});

const settingsFields = {
  voicemailText: phoneSettings.voicemailText,
  showCallerId: phoneSettings.showCallerId,
  forwardIncomingCallsToMobile: phoneSettings.forwardIncomingCallsToMobile,
  forwardIncomingCallsTo: phoneSettings.forwardIncomingCallsTo,
  forwardIncomingMessagesToMobile: phoneSettings.forwardIncomingMessagesToMobile,
  forwardIncomingMessagesTo: phoneSettings.forwardIncomingMessagesTo,
  mobileClickToCall: phoneSettings.mobileClickToCall,
  forwardIncomingMessagesToSlack: phoneSettings.forwardIncomingMessagesToSlack,
  slackWebhookUrl: phoneSettings.slackWebhookUrl,
  slackChannelName: phoneSettings.slackChannelName,
};

async function findSettings(db: Db, accountId: string) {
  const [row] = await db
    .select(settingsFields)
    .from(phoneSettings)
    .where(eq(phoneSettings.accountId, accountId));
  return row ?? null;
}

/** spec §7 phone settings: read with the Settings area's account.read, saved with account.write. */
export function phoneSettingsRoutes(db: Db): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/phone/settings',
      access: { permission: 'account.read' },
      summary: 'Phone settings (404: not set up).',
      tag: 'Reach',
      response: phoneSettingsSchema,
      async handler(c) {
        // spec §4: a 404 means "not yet set up"; the client treats it as null.
        const settings = await findSettings(db, c.get('user').accountId);
        if (!settings) throw notFound('Phone settings');
        return c.json(settings);
      },
    },
    {
      method: 'POST',
      path: '/api/phone/settings/save',
      access: { permission: 'account.write' },
      // §13: setting up Reach needs a plan that includes it (core and above).
      plan: 'reach',
      summary: 'Save phone settings.',
      tag: 'Reach',
      request: settingsRequestSchema,
      response: phoneSettingsSchema,
      async handler(c) {
        const input = await readJson(c, settingsRequestSchema);
        const accountId = c.get('user').accountId;
        const values = {
          ...input,
          // Stored the way calls and texts are routed: E.164.
          forwardIncomingCallsTo: input.forwardIncomingCallsTo.map(normalizePhone),
          forwardIncomingMessagesTo: input.forwardIncomingMessagesTo.map(normalizePhone),
          slackWebhookUrl: input.slackWebhookUrl ?? null,
          slackChannelName: input.slackChannelName ?? null,
          updatedAt: new Date(),
        };
        await db
          .insert(phoneSettings)
          .values({ accountId, ...values })
          .onConflictDoUpdate({ target: phoneSettings.accountId, set: values });
        return c.json(await findSettings(db, accountId));
      },
    },
  ];
}
