import {
  acceptInviteResponseSchema,
  acceptInviteSchema,
  inviteInputSchema,
  invitePreviewSchema,
  inviteResponseSchema,
  joinInviteResponseSchema,
  memberAccessSchema,
  memberResponseSchema,
  teamResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import { hashLinkToken } from '../../auth/link-tokens.js';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { invitePreview, listInvites, listMembers } from './queries.js';
import {
  type Actor,
  acceptInvite,
  changeAccess,
  createInvite,
  joinWithSignIn,
  reinstateMember,
  removeMember,
  resendInvite,
  revokeInvite,
  suspendMember,
} from './service.js';

const tag = 'Team';
const read = { permission: 'staff.others.read' } as const;
const write = { permission: 'staff.others.write' } as const;
const INVALID_INVITE = 'This invitation is no longer valid. Ask for a new one.';
// A token is 32 random bytes in base64url: anything else is no invitation.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** back-office spec §12: the team (/staff) and the invitation's accept page (/invite/{token}). */
export function staffRoutes({ db, clock, phone }: FeatureContext): RouteDef[] {
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  const actorOf = (c: Context<AppEnv>): Actor => {
    const user = c.get('user');
    return { id: user.id, name: user.name, roles: user.roles };
  };
  const memberIdOf = (c: Context<AppEnv>) => {
    const id = c.req.param('userId');
    if (!isUuid(id)) throw notFound('Member');
    return id;
  };
  const inviteIdOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Invitation');
    return id;
  };
  const tokenOf = (c: Context<AppEnv>) => {
    const token = c.req.param('token') ?? '';
    if (!TOKEN.test(token)) throw new AppError('not_found', INVALID_INVITE);
    return token;
  };
  // The link in the message: the app's own origin (APP_URL), else the one this request came to.
  const inviteDeps = (c: Context<AppEnv>) => ({
    appUrl: phone?.appUrl ?? new URL(c.req.url).origin,
    now: clock(),
  });

  return [
    {
      method: 'GET',
      path: '/api/staff',
      access: read,
      summary: "The account's members (owners first) and its open invitations.",
      tag,
      response: teamResponseSchema,
      async handler(c) {
        const accountId = accountOf(c);
        const [members, invites] = await Promise.all([
          listMembers(db, accountId, c.get('user').id),
          listInvites(db, accountId, clock()),
        ]);
        return c.json({ members, invites });
      },
    },
    {
      method: 'PATCH',
      path: '/api/staff/members/:userId',
      access: write,
      summary:
        "Sets a member's role preset or custom permissions; 409 when it would leave no owner.",
      tag,
      request: memberAccessSchema,
      response: memberResponseSchema,
      errors: [409],
      async handler(c) {
        const userId = memberIdOf(c);
        const access = await readJson(c, memberAccessSchema);
        const member = await changeAccess(db, accountOf(c), userId, access, actorOf(c));
        return c.json({ member });
      },
    },
    {
      method: 'POST',
      path: '/api/staff/members/:userId/suspend',
      access: write,
      summary: 'Suspends a member: their sessions end and their open event streams close at once.',
      tag,
      response: memberResponseSchema,
      errors: [409],
      async handler(c) {
        const userId = memberIdOf(c);
        const member = await suspendMember(db, accountOf(c), userId, actorOf(c), clock());
        return c.json({ member });
      },
    },
    {
      method: 'POST',
      path: '/api/staff/members/:userId/reinstate',
      access: write,
      summary: 'Lets a suspended member use the account again.',
      tag,
      response: memberResponseSchema,
      async handler(c) {
        const userId = memberIdOf(c);
        const member = await reinstateMember(db, accountOf(c), userId, actorOf(c));
        return c.json({ member });
      },
    },
    {
      method: 'DELETE',
      path: '/api/staff/members/:userId',
      access: write,
      summary:
        'Removes a member from the account: their sessions end and their open streams close at once; 409 for the last owner.',
      tag,
      response: { kind: 'empty', description: 'Removed.' },
      status: 204,
      errors: [409],
      async handler(c) {
        const userId = memberIdOf(c);
        await removeMember(db, accountOf(c), userId, actorOf(c));
        return c.body(null, 204);
      },
    },
    {
      method: 'POST',
      path: '/api/staff/invites',
      access: write,
      // §13: one more seat must be within the plan.
      plan: 'seats',
      summary:
        'Invites someone by e-mail or by a text link (single-use, expiring); an earlier open invitation to them is replaced.',
      tag,
      request: inviteInputSchema,
      response: inviteResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const input = await readJson(c, inviteInputSchema);
        const invite = await createInvite(db, accountOf(c), input, actorOf(c), inviteDeps(c));
        return c.json({ invite }, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/staff/invites/:id/resend',
      access: write,
      summary:
        'Sends an invitation again with a new link and a new expiry; the old link stops working.',
      tag,
      response: inviteResponseSchema,
      errors: [409],
      async handler(c) {
        const id = inviteIdOf(c);
        const invite = await resendInvite(db, accountOf(c), id, actorOf(c), inviteDeps(c));
        return c.json({ invite });
      },
    },
    {
      method: 'DELETE',
      path: '/api/staff/invites/:id',
      access: write,
      summary: 'Revokes an invitation: its link stops working.',
      tag,
      response: { kind: 'empty', description: 'Revoked.' },
      status: 204,
      async handler(c) {
        await revokeInvite(db, accountOf(c), inviteIdOf(c), clock());
        return c.body(null, 204);
      },
    },
    {
      method: 'GET',
      path: '/api/invites/:token',
      access: {
        public:
          'the invitee is not signed in yet; the unguessable single-use token is the credential',
      },
      summary: 'What the accept page shows for an invitation that still works.',
      tag,
      response: invitePreviewSchema,
      async handler(c) {
        const preview = await invitePreview(db, hashLinkToken(tokenOf(c)), clock());
        if (!preview) throw new AppError('not_found', INVALID_INVITE);
        return c.json(preview);
      },
    },
    {
      method: 'POST',
      path: '/api/invites/:token/accept',
      access: {
        public:
          'the invitee creates their sign-in here; the unguessable single-use token is the credential',
      },
      summary:
        'Accepts an invitation with a new sign-in (name, e-mail, password); the link then stops working.',
      tag,
      request: acceptInviteSchema,
      response: acceptInviteResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const token = tokenOf(c);
        const input = await readJson(c, acceptInviteSchema);
        return c.json(await acceptInvite(db, token, input, clock()), 201);
      },
    },
    {
      method: 'POST',
      path: '/api/invites/:token/join',
      access: { signedIn: true },
      summary: 'Accepts an invitation with the signed-in Tentpole sign-in.',
      tag,
      response: joinInviteResponseSchema,
      errors: [409],
      async handler(c) {
        const token = tokenOf(c);
        const user = c.get('user');
        return c.json(await joinWithSignIn(db, token, user, clock()));
      },
    },
  ];
}
