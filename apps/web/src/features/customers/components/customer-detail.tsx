import { Link } from '@tanstack/react-router';
import { UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import { useCustomer } from '../api/get-customer';
import { useCustomerOrders } from '../api/get-customer-orders';
import type { CustomerTab } from '../lib/customer-tabs';
import { formatDate } from '../lib/format-dates';
import { CustomerKeyFacts } from './customer-key-facts';
import { CustomerProfile } from './customer-profile';
import { CustomerTabs } from './customer-tabs';

type CustomerDetailProps = {
  /** From the URL; the customer's data is fetched only when it is present (spec §7). */
  customerId: string | undefined;
  tab: CustomerTab;
  onTabChange: (tab: CustomerTab) => void;
};

/** spec §2 Customer area: one customer, with key facts and the four views. */
export function CustomerDetail({ customerId, tab, onTabChange }: CustomerDetailProps) {
  const { locale } = useAccountFormat();
  const customer = useCustomer(customerId);
  const orders = useCustomerOrders(customerId);

  if (customer.isError) {
    const notFound = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <div className="mx-auto grid max-w-7xl place-items-center rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary-ink">
          <UserX aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-base font-semibold">
          {notFound ? 'Customer not found' : 'This customer could not be loaded.'}
        </h1>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">
          {notFound
            ? 'The customer may have been removed, or belongs to another account.'
            : 'Check your connection and try again.'}
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/customers">All customers</Link>
        </Button>
      </div>
    );
  }
  if (!customerId || customer.isPending) return <DetailSkeleton />;

  const { data } = customer;
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <CustomerProfile customer={data} />
      <CustomerKeyFacts customer={data} orders={orders.data} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <CustomerTabs
          customerId={customerId}
          tab={tab}
          onTabChange={onTabChange}
          orders={orders.data}
          ordersFailed={orders.isError}
        />
        <aside aria-label="Internal notes" className="grid content-start gap-4 lg:pt-1">
          <section className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs">
            <h2 className="text-sm font-semibold">Internal notes</h2>
            {data.internalNotes ? (
              <p className="text-sm wrap-anywhere whitespace-pre-line">{data.internalNotes}</p>
            ) : (
              <p className="text-sm text-muted-foreground">No notes yet.</p>
            )}
            <p className="text-xs text-muted-foreground">Only your team sees these.</p>
          </section>
          <section className="grid gap-2 rounded-xl border bg-card p-4 text-sm shadow-xs">
            <h2 className="text-sm font-semibold">Record</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
              <dt className="text-muted-foreground">Added</dt>
              <dd>{formatDate(data.createdAt, locale)}</dd>
              <dt className="text-muted-foreground">Reference</dt>
              <dd>{data.reference ?? '—'}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd className={data.banned ? 'font-medium text-destructive' : undefined}>
                {data.banned ? 'Banned' : 'In good standing'}
              </dd>
            </dl>
          </section>
        </aside>
      </div>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading customer" className="mx-auto grid max-w-7xl gap-6">
      <div className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-72" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((tile) => (
          <Skeleton key={tile} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}
