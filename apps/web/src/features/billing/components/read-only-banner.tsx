import { daysRemaining } from '@tentpole/domain';
import { lazy, Suspense } from 'react';

// Loaded only when an account is read-only: every first visit downloads the shell, and this
// notice is for the few accounts whose trial ended without a card (the first-visit budget).
const ReadOnlyNotice = lazy(() =>
  import('./read-only-notice').then((module) => ({ default: module.ReadOnlyNotice })),
);

/**
 * §13: while the account is read-only (its trial ended without a payment method), every screen
 * says why and how to fix it. Read from the session, with no request of its own: a card on file
 * or a paid plan clears the trial's end date (decision 0064), so a trial end date in the past is
 * exactly the read-only account. The server decides every write; this only explains.
 */
export function ReadOnlyBanner({
  trialEndDate,
  roles,
}: {
  trialEndDate: string | null;
  roles: readonly string[];
}) {
  if (trialEndDate === null || !(daysRemaining(trialEndDate, new Date()) < 0)) return null;
  return (
    <Suspense fallback={null}>
      <ReadOnlyNotice roles={roles} />
    </Suspense>
  );
}
