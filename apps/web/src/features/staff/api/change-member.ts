import { useMutation } from '@tanstack/react-query';
import { type Member, type MemberAccessInput, memberResponseSchema } from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { useRefreshTeam } from './refresh-team';

const memberPath = (userId: string) => `/api/staff/members/${encodeURIComponent(userId)}`;

/** PATCH /api/staff/members/{userId}: a role preset or custom permissions. */
export async function changeMemberAccess({
  userId,
  access,
}: {
  userId: string;
  access: MemberAccessInput;
}): Promise<Member> {
  const { member } = await apiFetch(memberPath(userId), memberResponseSchema, {
    method: 'PATCH',
    json: access,
  });
  return member;
}

export type MemberAction = 'suspend' | 'reinstate' | 'remove';

/** Suspend, reinstate (POST …/suspend, …/reinstate) or remove (DELETE) a member. */
export async function actOnMember({
  userId,
  action,
}: {
  userId: string;
  action: MemberAction;
}): Promise<void> {
  if (action === 'remove') {
    await apiFetch(memberPath(userId), z.null(), { method: 'DELETE' });
    return;
  }
  await apiFetch(`${memberPath(userId)}/${action}`, memberResponseSchema, { method: 'POST' });
}

export function useChangeMemberAccess() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: changeMemberAccess,
    retry: retryServerErrorsOnce,
    onSettled: refresh,
  });
}

export function useMemberAction() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: actOnMember, retry: retryServerErrorsOnce, onSettled: refresh });
}
