import { useQuery } from '@tanstack/react-query';
import { type AccountSettings, can, formatMoney } from '@tentpole/domain';
import type { ReactNode } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AppLink } from '@/components/app-link';
import { accountSettingsQueryOptions } from '@/features/accounts/api/get-account-settings';
import { deliverySettingsQueryOptions } from '@/features/delivery/api/get-delivery-settings';
import { scheduleQueryOptions } from '@/features/schedule/api/get-schedule';

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

function depositText(settings: AccountSettings) {
  const deposit = settings.orders.deposit;
  const money = (cents: number) => formatMoney(cents, settings.currency, settings.locale);
  if (deposit.mode === 'none') return 'No deposit: a booking is paid in full.';
  if (deposit.mode === 'fixed') return `${money(deposit.amount)} to book.`;
  return `${(deposit.percentBps / 100).toLocaleString(settings.locale)}% of the order total to book, at least ${money(deposit.minimum)}.`;
}

function Rule({
  term,
  children,
  link,
}: {
  term: string;
  children: ReactNode;
  link: { url: string; label: string } | null;
}) {
  return (
    <div className="grid min-w-0 gap-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm font-medium">{term}</dt>
      <dd className="m-0 min-w-0 text-sm text-muted-foreground">
        {children}
        {link && (
          <>
            {' '}
            <AppLink url={link.url} className="font-medium text-primary-ink underline">
              {link.label}
            </AppLink>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * The rules the store follows that are set elsewhere, read-only with links to where they are
 * changed: notice and advance (Schedule), the service area (delivery settings), the deposit
 * (Settings → Account). Each shows only to someone who may read its settings.
 */
export function BookingRulesSummary() {
  const { user } = useAuthenticatedSession();
  const mayReadAccount = can(user.roles, 'account.read');
  const mayReadDelivery = can(user.roles, 'delivery.read');
  const schedule = useQuery({ ...scheduleQueryOptions(), enabled: mayReadAccount });
  const delivery = useQuery({ ...deliverySettingsQueryOptions(), enabled: mayReadDelivery });
  const account = useQuery({ ...accountSettingsQueryOptions(), enabled: mayReadAccount });
  const loading = 'Loading…';
  const rules = schedule.data?.bookingRules;
  const radius = delivery.data?.serviceRadiusMiles;
  const overrides = delivery.data?.zipOverrides.length ?? 0;
  return (
    <dl className="m-0 grid gap-3">
      {mayReadAccount && (
        <Rule term="Minimum notice" link={{ url: '/schedule', label: 'Change in Schedule' }}>
          {rules
            ? rules.minNoticeHours
              ? `Bookings at least ${hours(rules.minNoticeHours)} ahead.`
              : 'None: bookings up to the last minute.'
            : schedule.isError
              ? 'Could not be loaded.'
              : loading}
        </Rule>
      )}
      {mayReadAccount && (
        <Rule term="Maximum advance" link={{ url: '/schedule', label: 'Change in Schedule' }}>
          {rules
            ? rules.maxAdvanceDays
              ? `Up to ${days(rules.maxAdvanceDays)} ahead.`
              : 'No limit.'
            : schedule.isError
              ? 'Could not be loaded.'
              : loading}
        </Rule>
      )}
      {mayReadDelivery && (
        <Rule
          term="Service area"
          link={{ url: '/orders/driver/settings', label: 'Change in delivery settings' }}
        >
          {delivery.data
            ? `${radius ? `Within ${radius} miles of your depots` : 'No distance limit'}${overrides ? `, with ${overrides} ZIP code ${overrides === 1 ? 'rule' : 'rules'}` : ''}.`
            : delivery.isError
              ? 'Could not be loaded.'
              : loading}
        </Rule>
      )}
      {mayReadAccount && (
        <Rule term="Deposit" link={{ url: '/account', label: 'Change in Settings → Account' }}>
          {account.data
            ? depositText(account.data)
            : account.isError
              ? 'Could not be loaded.'
              : loading}
        </Rule>
      )}
    </dl>
  );
}
