import { useMatches } from '@tanstack/react-router';
import type { Permission } from '@tentpole/domain';
import type { ReactNode } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { mayOpen } from '@/app/providers/page-access';
import { NoAccessPage } from '../routes/no-access';

/**
 * The one place a page's access is checked: the permissions its route (and any layout around
 * it) declares in `staticData.permission`, against the signed-in user's roles. Without them
 * the page is not rendered at all; the no-access page takes its place.
 */
export function PageAccessGuard({ children }: { children: ReactNode }) {
  const { user } = useAuthenticatedSession();
  // A string, so the selection compares by value and re-renders only when it changes.
  const required = useMatches({
    select: (matches) => matches.flatMap((match) => match.staticData.permission ?? []).join(' '),
  });
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  const permissions = required === '' ? [] : (required.split(' ') as Permission[]);

  if (!mayOpen(user.roles, permissions)) return <NoAccessPage title={title} />;
  return children;
}
