import {
  checklistSchema,
  resendVerificationResponseSchema,
  signUpInputSchema,
  signUpResponseSchema,
  verifyEmailInputSchema,
  verifyEmailResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { clientAddress } from '../../http/client-address.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { checklistOf } from './queries.js';
import { dismissChecklist, resendVerification, signUp, verifyEmail } from './service.js';

const tag = 'Sign-up';

/** Issue 23 item 5: signing up, verifying the e-mail, and the first-run checklist. */
export function signupRoutes({ db, clock, phone, trustedProxies }: FeatureContext): RouteDef[] {
  // The link in the e-mail: the app's own origin (APP_URL), else the one this request came to.
  const appUrlOf = (c: Context<AppEnv>) => phone?.appUrl ?? new URL(c.req.url).origin;

  return [
    {
      method: 'POST',
      path: '/api/signup',
      access: {
        public: 'a new business creates its sign-in here; rate limited per address and e-mail',
      },
      summary:
        'Creates the user, the account (core plan, 14-day trial) and the owner membership, and e-mails a verification link; the client then signs in with the same credentials.',
      tag,
      request: signUpInputSchema,
      response: signUpResponseSchema,
      status: 201,
      errors: [409, 429],
      async handler(c) {
        const input = await readJson(c, signUpInputSchema);
        const created = await signUp(db, input, {
          appUrl: appUrlOf(c),
          now: clock(),
          address: clientAddress(c, trustedProxies),
        });
        return c.json(created, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/signup/verify',
      access: {
        public:
          'the link may be opened signed out or on another device; the unguessable single-use token is the credential',
      },
      summary: "Uses a verification link: the user's e-mail is verified; the link stops working.",
      tag,
      request: verifyEmailInputSchema,
      response: verifyEmailResponseSchema,
      async handler(c) {
        const { token } = await readJson(c, verifyEmailInputSchema);
        return c.json(await verifyEmail(db, token, clock()));
      },
    },
    {
      method: 'POST',
      path: '/api/signup/verification/resend',
      access: { signedIn: true },
      summary:
        'E-mails the signed-in user a new verification link (the earlier one stops working).',
      tag,
      response: resendVerificationResponseSchema,
      errors: [409, 429],
      async handler(c) {
        const user = c.get('user');
        return c.json(await resendVerification(db, user, { appUrl: appUrlOf(c), now: clock() }));
      },
    },
    {
      method: 'GET',
      path: '/api/signup/checklist',
      access: { signedIn: true },
      summary:
        "The first-run checklist: whether it shows to this user, and each step ticked from the account's data.",
      tag,
      response: checklistSchema,
      async handler(c) {
        return c.json(await checklistOf(db, c.get('user'), clock()));
      },
    },
    {
      method: 'POST',
      path: '/api/signup/checklist/dismiss',
      access: { permission: 'account.write' },
      summary: 'Hides the first-run checklist for the whole account.',
      tag,
      response: checklistSchema,
      async handler(c) {
        const user = c.get('user');
        await dismissChecklist(db, user.accountId, user.id, clock());
        return c.json(await checklistOf(db, user, clock()));
      },
    },
  ];
}
