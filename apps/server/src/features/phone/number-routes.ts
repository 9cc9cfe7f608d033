import {
  AVAILABLE_NUMBERS_LIMIT,
  availableNumbersQuerySchema,
  availableNumbersResponseSchema,
  connectNumberInputSchema,
  connectNumberResponseSchema,
} from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { logger } from '../../logging/logger.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import { connectNumber } from './connect-number.js';
import { availableNumbers } from './provisioning.js';

/**
 * Decision 0066: a business finds and buys its own number (Settings → Reach), with the
 * Settings area's account.write and a plan that includes Reach (§13), as the phone settings.
 */
export function numberRoutes(deps: { db: Db; twilio: TwilioClient; appUrl: string }): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/phone/numbers/available',
      access: { permission: 'account.write' },
      plan: 'reach',
      summary: 'Local US numbers the business can get, in an area code or anywhere.',
      tag: 'Reach',
      query: availableNumbersQuerySchema,
      errors: [503],
      response: availableNumbersResponseSchema,
      async handler(c) {
        const { areaCode } = readQuery(c, availableNumbersQuerySchema);
        try {
          const numbers = await availableNumbers(deps.twilio, {
            areaCode,
            limit: AVAILABLE_NUMBERS_LIMIT,
          });
          return c.json({ numbers });
        } catch (error) {
          logger.warn({ err: error }, 'connect a number: the carrier did not list numbers');
          throw new AppError(
            'unavailable',
            'The phone carrier could not be reached. Try again in a minute.',
          );
        }
      },
    },
    {
      method: 'POST',
      path: '/api/phone/numbers',
      access: { permission: 'account.write' },
      plan: 'reach',
      status: 201,
      summary: 'Buy a number and make it the business number (409: it already has one).',
      tag: 'Reach',
      request: connectNumberInputSchema,
      errors: [409, 503],
      response: connectNumberResponseSchema,
      async handler(c) {
        const { phoneNumber } = await readJson(c, connectNumberInputSchema);
        const user = c.get('user');
        const connected = await connectNumber(
          deps,
          { accountId: user.accountId, userId: user.id },
          phoneNumber,
        );
        return c.json(connected, 201);
      },
    },
  ];
}
