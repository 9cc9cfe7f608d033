import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { useCallback } from 'react';
import { PageTabs } from '@/components/page-tabs';
import { AccountSettingsTab } from '@/features/accounts/components/account-settings-form';
import { BillingTab } from '@/features/billing/components/billing-tab';
import { ReachSettings } from '@/features/phone/components/account-phone-settings';

// The route is defined in ./account; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const accountRoute = getRouteApi('/account');

// spec §2: Settings' children Website Settings, Billing and Reach are tabs of /account.
const ACCOUNT_TABS = [
  { tab: undefined, label: 'Account' },
  { tab: 'website', label: 'Website Settings' },
  { tab: 'billing', label: 'Billing' },
  { tab: 'voice', label: 'Reach' },
] as const;

type AccountTab = (typeof ACCOUNT_TABS)[number]['tab'];

const NOT_BUILT = {
  website: 'Website settings will set up how your rental catalogue appears online.',
} as const;

function NotBuiltTab({ tab }: { tab: Exclude<AccountTab, 'voice' | 'billing' | undefined> }) {
  return (
    <div className="grid place-items-center rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary-ink">
        <Construction aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold">Not built yet</p>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">
        This part of Tentpole is still being built. {NOT_BUILT[tab]}
      </p>
    </div>
  );
}

export function AccountPage() {
  const { tab, checkout } = accountRoute.useSearch();
  const navigate = useNavigate();
  // Once the return from Checkout is confirmed, the address drops its session id.
  const settled = useCallback(
    () => void navigate({ to: '/account', search: { tab: 'billing' }, replace: true }),
    [navigate],
  );
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
      <PageTabs label="Settings sections" path="/account" tabs={ACCOUNT_TABS} current={tab} />
      {tab === undefined ? (
        <AccountSettingsTab />
      ) : tab === 'voice' ? (
        <ReachSettings />
      ) : tab === 'billing' ? (
        <BillingTab checkoutSessionId={checkout} onCheckoutSettled={settled} />
      ) : (
        <NotBuiltTab tab={tab} />
      )}
    </div>
  );
}
