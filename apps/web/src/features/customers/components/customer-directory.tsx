import { Link } from '@tanstack/react-router';
import { type CustomerListQuery, canWrite } from '@tentpole/domain';
import { Plus, SearchX, Users } from 'lucide-react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useCustomers } from '../api/get-customers';
import { CustomerPagination } from './customer-pagination';
import { CustomerSearchBox } from './customer-search-box';
import { CustomerTable } from './customer-table';

const count = new Intl.NumberFormat('en-US');

type CustomerDirectoryProps = {
  /** The list query, from the URL. */
  query: CustomerListQuery;
  /** Puts a new search in the URL. */
  onSearch: (search: string) => void;
};

/** spec §2 Customer area: the customer list with search, a page at a time. */
export function CustomerDirectory({ query, onSearch }: CustomerDirectoryProps) {
  const { user } = useAuthenticatedSession();
  const customers = useCustomers(query);
  const data = customers.data;

  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Customers</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
            {data
              ? query.search
                ? `${count.format(data.total)} ${data.total === 1 ? 'match' : 'matches'} for “${query.search}”`
                : `${count.format(data.total)} ${data.total === 1 ? 'customer' : 'customers'}`
              : 'Everyone who has booked or asked for a quote.'}
            {customers.isFetching && data && (
              <span role="status" aria-label="Updating" className="inline-flex">
                <Spinner className="size-3.5" />
              </span>
            )}
          </p>
        </div>
        <CustomerSearchBox value={query.search} onSearch={onSearch} />
      </div>

      {customers.isPending ? (
        <ListSkeleton />
      ) : customers.isError ? (
        <EmptyState
          title="Customers could not be loaded."
          description="Check your connection and try again."
          action={
            <Button variant="outline" onClick={() => void customers.refetch()}>
              Try again
            </Button>
          }
        />
      ) : data && data.customers.length === 0 ? (
        query.search ? (
          <EmptyState
            icon={<SearchX aria-hidden="true" className="size-6" />}
            title={`No customers match “${query.search}”`}
            description="Search looks at names, e-mail addresses, phone numbers, companies and references."
            action={
              <Button asChild variant="outline">
                <Link to="/customers">Clear search</Link>
              </Button>
            }
          />
        ) : data.total > 0 ? (
          <EmptyState
            title="This page is empty"
            description={`There are ${count.format(data.total)} customers on earlier pages.`}
            action={
              <Button asChild variant="outline">
                <Link to="/customers">Back to the first page</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<Users aria-hidden="true" className="size-6" />}
            title="No customers yet"
            description="Customers appear here when they book or ask for a quote, or when you add them."
            action={
              canWrite(user.roles, 'customer.write') ? (
                <Button asChild>
                  <Link to="/customers/new">
                    <Plus aria-hidden="true" />
                    New Customer
                  </Link>
                </Button>
              ) : null
            }
          />
        )
      ) : data ? (
        <>
          <CustomerTable customers={data.customers} />
          <CustomerPagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      ) : null}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading customers" className="grid gap-2">
      {[0, 1, 2, 3, 4, 5, 6, 7].map((row) => (
        <div key={row} className="flex items-center gap-3 rounded-lg border bg-card p-3">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="hidden h-4 w-32 md:block" />
          <Skeleton className="ml-auto h-4 w-24" />
        </div>
      ))}
    </div>
  );
}

type EmptyStateProps = {
  icon?: React.ReactNode;
  title: string;
  description: string;
  action?: React.ReactNode;
};

function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="grid place-items-center rounded-xl border border-dashed bg-muted/30 px-6 py-14 text-center">
      {icon && (
        <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary-ink">
          {icon}
        </span>
      )}
      <p className="mt-4 text-base font-semibold">{title}</p>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{description}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
