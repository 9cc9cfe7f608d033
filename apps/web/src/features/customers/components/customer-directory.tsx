import { Link, useNavigate } from '@tanstack/react-router';
import { type CustomerListQuery, canWrite, numberFormat } from '@tentpole/domain';
import { Plus, SearchX, Users } from 'lucide-react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { useCustomers } from '../api/get-customers';
import { CustomerSearchBox } from './customer-search-box';
import { CustomerTable } from './customer-table';

const count = (locale: string) => numberFormat(locale);

type CustomerDirectoryProps = {
  /** The list query, from the URL. */
  query: CustomerListQuery;
  /** Puts a new search in the URL. */
  onSearch: (search: string) => void;
};

/** spec §2 Customer area: the customer list with search and sorting, a page at a time. */
export function CustomerDirectory({ query, onSearch }: CustomerDirectoryProps) {
  const { locale } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const customers = useCustomers(query);
  const data = customers.data;
  const navigate = useNavigate();

  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Customers</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
            {data
              ? query.search
                ? `${count(locale).format(data.total)} ${data.total === 1 ? 'match' : 'matches'} for “${query.search}”`
                : `${count(locale).format(data.total)} ${data.total === 1 ? 'customer' : 'customers'}`
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
        <LoadingRows label="Loading customers" rows={8} variant="cards" />
      ) : customers.isError ? (
        <QueryError
          variant="panel"
          title="Customers could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void customers.refetch()}
        />
      ) : data && data.customers.length === 0 ? (
        query.search ? (
          <StateMessage
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
          <StateMessage
            title="This page is empty"
            description={`There are ${count(locale).format(data.total)} customers on earlier pages.`}
            action={
              <Button asChild variant="outline">
                <Link to="/customers">Back to the first page</Link>
              </Button>
            }
          />
        ) : (
          <StateMessage
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
        <CustomerTable
          customers={data.customers}
          query={{ ...query, page: data.page, pageSize: data.pageSize }}
          total={data.total}
          onSortChange={({ sort, order }) =>
            void navigate({
              to: '/customers',
              search: (previous) => ({ ...previous, sort, order, page: 1 }),
            })
          }
          renderPageLink={(page, children) => (
            <Link from="/customers" to="/customers" search={(previous) => ({ ...previous, page })}>
              {children}
            </Link>
          )}
        />
      ) : null}
    </div>
  );
}
