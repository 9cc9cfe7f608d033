import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type AcceptInviteInput,
  acceptInviteResponseSchema,
  type Invite,
  type InviteFormValues,
  invitePreviewSchema,
  inviteResponseSchema,
  joinInviteResponseSchema,
} from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { useRefreshTeam } from './refresh-team';
import { staffQueryKeys } from './staff-query-keys';

const invitePath = (id: string) => `/api/staff/invites/${encodeURIComponent(id)}`;
const tokenPath = (token: string) => `/api/invites/${encodeURIComponent(token)}`;

/** POST /api/staff/invites: by e-mail or by text link. */
export async function createInvite(input: InviteFormValues): Promise<Invite> {
  const { invite } = await apiFetch('/api/staff/invites', inviteResponseSchema, {
    method: 'POST',
    json: input,
  });
  return invite;
}

/** Resend (a new link, the old one stops working) or revoke an invitation. */
export async function actOnInvite({ id, action }: { id: string; action: 'resend' | 'revoke' }) {
  if (action === 'revoke') {
    await apiFetch(invitePath(id), z.null(), { method: 'DELETE' });
    return;
  }
  await apiFetch(`${invitePath(id)}/resend`, inviteResponseSchema, { method: 'POST' });
}

export function useCreateInvite() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: createInvite, retry: false, onSuccess: refresh });
}

export function useInviteAction() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: actOnInvite, retry: false, onSettled: refresh });
}

/** GET /api/invites/{token}: what the accept page shows; a 404 means the link no longer works. */
export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: staffQueryKeys.invite(token),
    queryFn: () => apiFetch(tokenPath(token), invitePreviewSchema),
    retry: false,
  });
}

/** POST /api/invites/{token}/accept: a new sign-in for the invitee. */
export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: (input: AcceptInviteInput) =>
      apiFetch(`${tokenPath(token)}/accept`, acceptInviteResponseSchema, {
        method: 'POST',
        json: input,
      }),
    retry: retryServerErrorsOnce,
  });
}

/** POST /api/invites/{token}/join: the signed-in user joins with their sign-in. */
export function useJoinInvite(token: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${tokenPath(token)}/join`, joinInviteResponseSchema, { method: 'POST' }),
    retry: false,
  });
}
