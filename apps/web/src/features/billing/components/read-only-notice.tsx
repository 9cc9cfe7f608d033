import { can } from '@tentpole/domain';
import { Lock } from 'lucide-react';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';

/** The read-only account's notice (shown by `ReadOnlyBanner`, which decides when). */
export function ReadOnlyNotice({ roles }: { roles: readonly string[] }) {
  const canPay = can(roles, 'account.write');
  return (
    <section
      aria-label="Read-only account"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-900 sm:px-6 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-100"
    >
      <Lock aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">
        This account is read-only because its free trial ended without a payment method. Your data
        is safe.{' '}
        {canPay
          ? 'Add a payment method to keep working.'
          : 'Ask the account owner to add a payment method.'}
      </p>
      {canPay && (
        <Button asChild size="sm" className="bg-red-700 text-white hover:bg-red-700/90">
          <AppLink url="/account?tab=billing">Go to Billing</AppLink>
        </Button>
      )}
    </section>
  );
}
