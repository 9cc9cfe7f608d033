import { z } from 'zod';
import { emailSchema, newSignInSchema } from '../auth/new-sign-in-schema';
import { PERMISSIONS } from '../permissions/permissions';
import { validateOutboundNumber } from '../phone/validate-outbound-number';
import { ROLE_PRESET_NAMES } from './role-presets';

/**
 * back-office spec §12: the Team page's contract (GET /api/staff, member changes, invitations)
 * and the invitation's accept page (/invite/{token}).
 */

export const INVITE_CHANNELS = ['email', 'text'] as const;
export type InviteChannel = (typeof INVITE_CHANNELS)[number];

/** How long an invitation link works: a week, like most back offices' invitations. */
export const INVITE_LIFETIME_DAYS = 7;

export const LAST_OWNER_MESSAGE =
  'The account must keep at least one owner. Make another member an owner first.';

/** A preset, or 'custom' with the permissions ticked one by one. */
export const memberAccessSchema = z
  .object({
    preset: z.enum([...ROLE_PRESET_NAMES, 'custom'], { error: 'Choose a role' }),
    permissions: z
      .array(z.enum(PERMISSIONS))
      .max(PERMISSIONS.length * 2)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.preset === 'custom' && value.permissions.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['permissions'],
        message: 'Choose at least one permission',
      });
    }
  });
export type MemberAccess = z.output<typeof memberAccessSchema>;
export type MemberAccessInput = z.input<typeof memberAccessSchema>;

export const inviteInputSchema = z
  .object({
    via: z.enum(INVITE_CHANNELS, { error: 'Choose e-mail or text' }),
    email: z.string().max(320).optional(),
    phoneNumber: z.string().max(40).optional(),
    preset: memberAccessSchema.shape.preset,
    permissions: memberAccessSchema.shape.permissions,
  })
  .superRefine((value, ctx) => {
    if (value.via === 'email') {
      const email = emailSchema.safeParse(value.email ?? '');
      if (!email.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['email'],
          message: email.error.issues[0]?.message ?? 'Enter a valid e-mail address',
        });
      }
    } else {
      const problem = validateOutboundNumber(value.phoneNumber ?? '');
      if (problem) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: problem });
    }
    if (value.preset === 'custom' && value.permissions.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['permissions'],
        message: 'Choose at least one permission',
      });
    }
  })
  .transform((value) => ({
    ...value,
    email: value.via === 'email' ? (value.email ?? '').trim().toLowerCase() : undefined,
  }));
export type InviteInput = z.output<typeof inviteInputSchema>;
export type InviteFormValues = z.input<typeof inviteInputSchema>;

const presetOrNull = z.enum(ROLE_PRESET_NAMES).nullable();

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The preset the permissions are exactly, or null: custom. */
  preset: presetOrNull,
  /** Permission strings without the product prefix; an owner's is ['*']. */
  permissions: z.array(z.string()),
  owner: z.boolean(),
  status: z.enum(['active', 'suspended']),
  /** When the member last signed in (any browser), or null: never. */
  lastSignInAt: z.string().nullable(),
  joinedAt: z.string(),
  /** The member is the signed-in user. */
  you: z.boolean(),
});
export type Member = z.output<typeof memberSchema>;

export const inviteSchema = z.object({
  id: z.string(),
  via: z.enum(INVITE_CHANNELS),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  preset: presetOrNull,
  permissions: z.array(z.string()),
  status: z.enum(['pending', 'expired']),
  sentAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type Invite = z.output<typeof inviteSchema>;

export const teamResponseSchema = z.object({
  members: z.array(memberSchema),
  invites: z.array(inviteSchema),
});
export type TeamResponse = z.output<typeof teamResponseSchema>;

export const memberResponseSchema = z.object({ member: memberSchema });
export const inviteResponseSchema = z.object({ invite: inviteSchema });

/** What the accept page shows before the invitee answers (GET /api/invites/{token}). */
export const invitePreviewSchema = z.object({
  accountName: z.string(),
  invitedBy: z.string().nullable(),
  via: z.enum(INVITE_CHANNELS),
  /** An e-mail invitation is for this address; a text one lets the invitee give theirs. */
  email: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitePreview = z.output<typeof invitePreviewSchema>;

/** The invitee's new sign-in (POST /api/invites/{token}/accept). */
export const acceptInviteSchema = newSignInSchema;
export type AcceptInviteInput = z.output<typeof acceptInviteSchema>;

export const acceptInviteResponseSchema = z.object({
  email: z.string(),
  accountId: z.string(),
});

export const joinInviteResponseSchema = z.object({ accountId: z.string() });

/** What the team sees in place of an invitation's token (in the Reach thread, in the outbox). */
export const INVITE_LINK_HIDDEN = '[link sent to the invitee only]';
