import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { PageTabs } from '@/components/page-tabs';
import { LoadingRows } from '@/components/query-state/loading-rows';
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

// Website Settings loads on its own: the account page's chunk stays as it was.
const WebsiteSettingsTab = lazy(() =>
  import('@/features/store/components/website-settings').then((m) => ({
    default: m.WebsiteSettingsTab,
  })),
);

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
        <Suspense
          fallback={<LoadingRows label="Loading website settings" rows={4} variant="cards" />}
        >
          <WebsiteSettingsTab />
        </Suspense>
      )}
    </div>
  );
}
