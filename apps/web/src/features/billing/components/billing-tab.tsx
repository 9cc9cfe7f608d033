import {
  type BillingOverview,
  type CountedResource,
  can,
  type PlanTier,
  planTitle,
  RESOURCE_LABELS,
  TIER_ORDER,
} from '@tentpole/domain';
import { CheckCircle2, CreditCard, Receipt } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import {
  useChangePlan,
  useConfirmBillingCheckout,
  useStartBillingCheckout,
} from '../api/billing-mutations';
import { useBilling } from '../api/get-billing';

const LIVE = new Set(['active', 'trialing', 'past_due']);

const dateLabel = (iso: string, locale: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString(locale, {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    ...(iso.length === 10 ? { timeZone: 'UTC' } : {}),
  });

const USAGE_LABELS: Record<CountedResource, string> = {
  seats: 'Seats',
  products: 'Products',
  vehicles: 'Vehicles',
  texts: 'Texts this month',
  callMinutes: 'Call minutes this month',
};

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div>
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** One resource's use against the plan's limit: a meter, or the count when there is none. */
function UsageMeter({ resource, used, limit }: BillingOverview['usage'][number]) {
  const { locale } = useAccountFormat();
  const label = USAGE_LABELS[resource];
  const full = limit !== null && used >= limit;
  const text =
    limit === null
      ? `${used.toLocaleString(locale)} · no limit`
      : limit === 0
        ? 'Not included'
        : `${used.toLocaleString(locale)} of ${limit.toLocaleString(locale)}`;
  return (
    <li className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span
          className={cn(
            'tabular-nums',
            full && limit !== 0 ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {text}
        </span>
      </div>
      {limit !== null && limit > 0 && (
        <>
          <meter className="sr-only" aria-label={label} min={0} max={limit} value={used}>
            {text}
          </meter>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
            <div
              className={cn('h-full rounded-full', full ? 'bg-destructive' : 'bg-primary')}
              style={{ width: `${Math.min(100, (used / limit) * 100)}%` }}
            />
          </div>
        </>
      )}
    </li>
  );
}

function planFacts(plan: BillingOverview['plans'][number], locale: string): string[] {
  const count = (n: number | null, r: CountedResource) =>
    n === null
      ? `Unlimited ${RESOURCE_LABELS[r].many}`
      : `${n.toLocaleString(locale)} ${n === 1 ? RESOURCE_LABELS[r].one : RESOURCE_LABELS[r].many}`;
  return [
    count(plan.limits.seats ?? null, 'seats'),
    count(plan.limits.products ?? null, 'products'),
    count(plan.limits.vehicles ?? null, 'vehicles'),
    plan.features.reach ? 'Reach: calls and texts' : 'No Reach',
    ...(plan.features.routeOptimisation ? ['Route optimisation'] : []),
  ];
}

/**
 * §13 Settings → Billing (/account?tab=billing): the plan in title case, usage against its
 * limits, the payment method, plan changes through Checkout, and past invoices. Checkout sends
 * the owner back here with `checkout`, which is confirmed at once (its webhook may come later).
 */
export function BillingTab({
  checkoutSessionId,
  onCheckoutSettled,
}: {
  checkoutSessionId?: string | undefined;
  onCheckoutSettled: () => void;
}) {
  const { locale, money } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const billing = useBilling();
  const confirm = useConfirmBillingCheckout();
  const checkout = useStartBillingCheckout();
  const change = useChangePlan();
  const confirmed = useRef<string | null>(null);
  const canWrite = can(user.roles, 'account.write');

  const { mutate: confirmSession } = confirm;
  useEffect(() => {
    if (!checkoutSessionId || confirmed.current === checkoutSessionId || !canWrite) return;
    confirmed.current = checkoutSessionId;
    confirmSession(checkoutSessionId, { onSettled: onCheckoutSettled });
  }, [checkoutSessionId, canWrite, confirmSession, onCheckoutSettled]);

  if (billing.isPending) return <Skeleton className="h-96 w-full" />;
  if (billing.isError)
    return (
      <QueryError
        title="Billing could not be loaded."
        onRetry={() => void billing.refetch()}
        className="rounded-xl border bg-card"
      />
    );
  const data = billing.data;
  const current = data.plan.tier;
  const live = data.subscription !== null && LIVE.has(data.subscription.status);
  const busy = checkout.isPending || change.isPending || confirm.isPending;
  const failure = checkout.error ?? change.error ?? confirm.error;

  const choose = (tier: PlanTier) => {
    // A paid plan without a subscription starts one through Checkout; otherwise the card on
    // file is used (back to free, or a change of a running subscription).
    if (!live && tier !== 'free') checkout.mutate({ purpose: 'plan', tier });
    else change.mutate({ tier });
  };

  return (
    <div className="grid gap-6">
      <div aria-live="polite" className="empty:hidden">
        {confirm.isPending && (
          <p className="flex items-center gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
            <Spinner aria-hidden="true" /> Confirming with the payment processor…
          </p>
        )}
        {confirm.isSuccess && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-950 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-100"
          >
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
            {live
              ? `You are on the ${data.plan.title} plan. Thank you!`
              : 'Your payment method is saved. Thank you!'}
          </p>
        )}
      </div>
      {failure && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive"
        >
          {failure.message}
        </p>
      )}

      <Section title="Plan">
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex rounded-full bg-primary/10 px-3 py-1 text-base font-semibold text-primary-ink">
            {data.plan.title}
          </span>
          <span className="text-sm text-muted-foreground">
            {data.plans.find((p) => p.tier === current)?.priceCents
              ? `${money(data.plans.find((p) => p.tier === current)?.priceCents ?? 0)} per month`
              : 'No charge'}
          </span>
        </div>
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {data.trialEndDate && <li>Free trial until {dateLabel(data.trialEndDate, locale)}.</li>}
          {data.subscription && (
            <li>
              Subscription {data.subscription.status.replace(/_/g, ' ')}
              {data.subscription.currentPeriodEnd && live
                ? `; renews ${dateLabel(data.subscription.currentPeriodEnd, locale)}`
                : ''}
              .
            </li>
          )}
          {data.subscription?.scheduledTier && data.subscription.currentPeriodEnd && (
            <li className="font-medium text-foreground">
              Changes to {planTitle(data.subscription.scheduledTier)} on{' '}
              {dateLabel(data.subscription.currentPeriodEnd, locale)}.
            </li>
          )}
        </ul>
      </Section>

      <Section title="Usage" description="This month, against what your plan allows.">
        <ul className="grid gap-4 sm:grid-cols-2">
          {data.usage.map((u) => (
            <UsageMeter key={u.resource} {...u} />
          ))}
        </ul>
      </Section>

      <Section title="Payment method">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {data.paymentMethod ? (
            <p className="flex items-center gap-2 text-sm">
              <CreditCard aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span>
                <span className="font-medium capitalize">{data.paymentMethod.brand}</span> ending in{' '}
                {data.paymentMethod.last4}
                {data.paymentMethod.expMonth && data.paymentMethod.expYear
                  ? `, expires ${String(data.paymentMethod.expMonth).padStart(2, '0')}/${data.paymentMethod.expYear}`
                  : ''}
              </span>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">No payment method on file.</p>
          )}
          {canWrite && data.cardPayments && (
            <Button
              type="button"
              variant={data.paymentMethod ? 'outline' : 'default'}
              disabled={busy}
              onClick={() => checkout.mutate({ purpose: 'payment_method' })}
            >
              {data.paymentMethod ? 'Replace Payment Method' : 'Add Payment Method'}
            </Button>
          )}
        </div>
      </Section>

      <Section
        title="Plans"
        description="Prices are per month. Changes apply at once; going back to Free waits for the end of the period you paid for."
      >
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          {data.plans.map((plan) => {
            const isCurrent = plan.tier === current;
            const up = TIER_ORDER[plan.tier] > TIER_ORDER[current];
            const keep = isCurrent && data.subscription?.scheduledTier;
            return (
              <li
                key={plan.tier}
                className={cn(
                  'grid content-start gap-3 rounded-lg border p-4',
                  isCurrent && 'border-primary ring-1 ring-primary',
                )}
              >
                <div>
                  <h3 className="font-semibold">{plan.title}</h3>
                  <p className="text-sm text-muted-foreground">
                    {plan.priceCents ? `${money(plan.priceCents)} / month` : 'Free'}
                  </p>
                </div>
                <ul className="grid gap-0.5 text-sm">
                  {planFacts(plan, locale).map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
                {canWrite && data.cardPayments ? (
                  isCurrent && !keep ? (
                    <p className="text-sm font-medium text-primary-ink">Current plan</p>
                  ) : (
                    <Button
                      type="button"
                      size="sm"
                      className="h-auto min-h-8 w-full whitespace-normal"
                      variant={up ? 'default' : 'outline'}
                      disabled={busy}
                      onClick={() => choose(plan.tier)}
                    >
                      {keep
                        ? `Keep ${plan.title}`
                        : `${up ? 'Upgrade' : 'Downgrade'} to ${plan.title}`}
                    </Button>
                  )
                ) : (
                  isCurrent && <p className="text-sm font-medium text-primary-ink">Current plan</p>
                )}
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title="Invoices">
        {!data.invoicesAvailable ? (
          <p className="text-sm text-muted-foreground">
            Invoices could not be loaded from the payment processor just now.
          </p>
        ) : data.invoices.length === 0 ? (
          <StateMessage
            variant="inline"
            icon={<Receipt className="size-6" />}
            title="No invoices yet."
            description="Each month of a paid plan is invoiced and listed here."
          />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Past invoices</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Date
                  </th>
                  <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                    Period
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.invoices.map((invoice) => (
                  <tr key={invoice.id} className="border-t">
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {dateLabel(invoice.createdAt, locale)}
                    </td>
                    <td className="hidden py-2 pr-4 whitespace-nowrap sm:table-cell">
                      {invoice.periodStart && invoice.periodEnd
                        ? `${dateLabel(invoice.periodStart, locale)} – ${dateLabel(invoice.periodEnd, locale)}`
                        : '—'}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {money(invoice.amountDue, invoice.currency)}
                    </td>
                    <td className="py-2 capitalize">{invoice.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </div>
  );
}
