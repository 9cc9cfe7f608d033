import { BOUNCE_KINGDOM, OWNER_MOBILE } from '@tentpole/domain';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { phoneServices, phoneSettings } from './tables.js';

/**
 * Reach: Bounce Kingdom has a business number (bought from the carrier at start) with texting
 * approved; Sunshine has no phone service.
 */
export async function seedPhone({ db }: SeedContext): Promise<void> {
  const accountId = await accountIdByName(db, BOUNCE_KINGDOM);
  await db.insert(phoneServices).values({ accountId, enabled: true, messagingStatus: 'approved' });
  await db.insert(phoneSettings).values({
    accountId,
    voicemailText:
      "Thanks for calling Bounce Kingdom Party Rentals! We're out setting up a party. Leave a message and we'll call you right back.",
    showCallerId: true,
    forwardIncomingCallsToMobile: false,
    forwardIncomingCallsTo: [OWNER_MOBILE],
    mobileClickToCall: true,
  });
}
