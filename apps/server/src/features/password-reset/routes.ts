import {
  passwordResetConfirmSchema,
  passwordResetDoneSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { clientAddress } from '../../http/client-address.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { confirmPasswordReset, requestPasswordReset } from './service.js';

const tag = 'Password reset';

/** "Forgot password?": ask for a link by e-mail, then set a new password with it. */
export function passwordResetRoutes({
  db,
  clock,
  phone,
  trustedProxies,
}: FeatureContext): RouteDef[] {
  // The link in the e-mail: the app's own origin (APP_URL), else the one this request came to.
  const appUrlOf = (c: Context<AppEnv>) => phone?.appUrl ?? new URL(c.req.url).origin;

  return [
    {
      method: 'POST',
      path: '/api/password-reset',
      access: {
        public:
          'whoever forgot their password is signed out; the answer is the same for any address, rate limited per address and e-mail',
      },
      summary:
        'E-mails a single-use link (one hour) to reset the password when the address has a sign-in; answers the same either way.',
      tag,
      request: passwordResetRequestSchema,
      response: passwordResetRequestedSchema,
      status: 202,
      errors: [429],
      async handler(c) {
        const { email } = await readJson(c, passwordResetRequestSchema);
        const answer = await requestPasswordReset(db, email, {
          appUrl: appUrlOf(c),
          now: clock(),
          address: clientAddress(c, trustedProxies),
        });
        return c.json(answer, 202);
      },
    },
    {
      method: 'POST',
      path: '/api/password-reset/confirm',
      access: {
        public: 'the link is opened signed out; the unguessable single-use token is the credential',
      },
      summary:
        "Sets a new password with a reset link: the link stops working, the user's other links and every session end, and the e-mail counts as verified.",
      tag,
      request: passwordResetConfirmSchema,
      response: passwordResetDoneSchema,
      async handler(c) {
        const input = await readJson(c, passwordResetConfirmSchema);
        return c.json(await confirmPasswordReset(db, input, clock()));
      },
    },
  ];
}
