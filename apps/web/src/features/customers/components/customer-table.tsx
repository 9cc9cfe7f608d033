import { Link } from '@tanstack/react-router';
import {
  CUSTOMER_SORT_COLUMNS,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerSortColumn,
  formatPhone,
  numberFormat,
} from '@tentpole/domain';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableColumnStyle,
  type DataTableSort,
} from '@/components/data-table/data-table';
import { RowLink } from '@/components/data-table/row-link';
import { useAccountFormat } from '@/lib/account-format';
import { customerName } from '../lib/customer-name';
import { formatCalendarDate } from '../lib/format-dates';
import { BannedBadge } from './banned-badge';
import { CustomerAvatar } from './customer-avatar';
import { OrderStatusBadge } from './order-status-badge';

const points = (locale: string) => numberFormat(locale);

function LastOrder({ order }: { order: CustomerListItem['lastOrder'] }) {
  const { locale } = useAccountFormat();
  if (!order) return <span className="text-muted-foreground">No orders yet</span>;
  return (
    <span className="grid gap-1">
      <span className="flex items-center gap-2">
        <span className="font-medium tabular-nums">#{order.number}</span>
        <OrderStatusBadge status={order.status} />
      </span>
      <span className="text-xs text-muted-foreground">
        {formatCalendarDate(order.eventDate, locale)}
      </span>
    </span>
  );
}

// Column ids are the API's sort columns, so a header's sort is the server's sort.
const columnsFor = (locale: string): DataTableColumn<CustomerListItem>[] => [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (customer) => customerName(customer),
    enableHiding: false,
    cell: ({ row: { original: customer } }) => (
      <span className="flex items-center gap-3">
        <CustomerAvatar customer={customer} className="size-8 shrink-0" />
        <span className="grid min-w-0 gap-1">
          <RowLink
            to="/customers/$customerId"
            params={{ customerId: customer.id }}
            className="break-words"
          >
            {customerName(customer)}
          </RowLink>
          {customer.banned && <BannedBadge className="w-fit" />}
        </span>
      </span>
    ),
  },
  {
    id: 'company',
    header: 'Company',
    accessorFn: (customer) => customer.company ?? '',
    cell: ({ row: { original: customer } }) => (
      <span className="text-muted-foreground">{customer.company ?? '—'}</span>
    ),
  },
  {
    id: 'email',
    header: 'Email',
    accessorFn: (customer) => customer.email,
    cell: ({ row: { original: customer } }) => (
      <span className="block truncate" title={customer.email}>
        {customer.email}
      </span>
    ),
  },
  {
    id: 'phone',
    header: 'Phone',
    accessorFn: (customer) => customer.phoneNumber ?? '',
    cell: ({ row: { original: customer } }) =>
      customer.phoneNumber ? formatPhone(customer.phoneNumber) : '—',
  },
  {
    id: 'points',
    header: 'Points',
    accessorFn: (customer) => customer.points,
    cell: ({ row: { original: customer } }) => points(locale).format(customer.points),
  },
  {
    id: 'lastOrder',
    header: 'Last order',
    accessorFn: (customer) => customer.lastOrder?.eventDate ?? '',
    cell: ({ row: { original: customer } }) => <LastOrder order={customer.lastOrder} />,
  },
];

const columnStyles: Record<CustomerSortColumn, DataTableColumnStyle> = {
  name: { className: 'min-w-48' },
  company: { className: 'max-w-36 truncate' },
  email: { className: 'max-w-52' },
  phone: { className: 'whitespace-nowrap tabular-nums' },
  points: { align: 'end', className: 'tabular-nums' },
  lastOrder: { className: 'whitespace-nowrap' },
};

function isSortColumn(column: string): column is CustomerSortColumn {
  return (CUSTOMER_SORT_COLUMNS as readonly string[]).includes(column);
}

function CustomerCard({ customer }: { customer: CustomerListItem }) {
  const { locale } = useAccountFormat();
  return (
    <Link
      to="/customers/$customerId"
      params={{ customerId: customer.id }}
      className="flex items-start gap-3 rounded-xl border bg-card p-3.5 shadow-xs transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <CustomerAvatar customer={customer} />
      <span className="grid min-w-0 flex-1 gap-1 text-sm">
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold break-words">{customerName(customer)}</span>
          {customer.banned && <BannedBadge />}
        </span>
        {customer.company && (
          <span className="truncate text-muted-foreground">{customer.company}</span>
        )}
        <span className="truncate">{customer.email}</span>
        {customer.phoneNumber && (
          <span className="tabular-nums">{formatPhone(customer.phoneNumber)}</span>
        )}
        <span className="mt-1 grid gap-1 text-xs text-muted-foreground">
          <span>{points(locale).format(customer.points)} points</span>
          {customer.lastOrder ? (
            <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
              <span className="whitespace-nowrap">Last order #{customer.lastOrder.number}</span>
              <OrderStatusBadge status={customer.lastOrder.status} />
              <span className="whitespace-nowrap">
                {formatCalendarDate(customer.lastOrder.eventDate, locale)}
              </span>
            </span>
          ) : (
            <span>No orders yet</span>
          )}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="mt-2 size-4 text-muted-foreground" />
    </Link>
  );
}

type CustomerTableProps = {
  customers: CustomerListItem[];
  query: CustomerListQuery;
  total: number;
  onSortChange: (sort: { sort?: CustomerSortColumn; order: 'asc' | 'desc' }) => void;
  renderPageLink: (page: number, children: ReactNode) => ReactNode;
};

/**
 * The customers of one page, sorted by the server: a table on wider screens and a list of
 * cards on a phone. Each row is a link to the customer (the name is the link; the whole row is
 * its click target).
 */
export function CustomerTable({
  customers,
  query,
  total,
  onSortChange,
  renderPageLink,
}: CustomerTableProps) {
  const sort: DataTableSort = query.sort ? { column: query.sort, direction: query.order } : null;
  const { locale } = useAccountFormat();
  const columns = useMemo(() => columnsFor(locale), [locale]);
  return (
    <DataTable
      label="Customers"
      columns={columns}
      data={customers}
      getRowId={(customer) => customer.id}
      sort={sort}
      onSortChange={(next) =>
        onSortChange(
          next && isSortColumn(next.column)
            ? { sort: next.column, order: next.direction }
            : { sort: undefined, order: 'asc' },
        )
      }
      page={query.page}
      pageSize={query.pageSize}
      total={total}
      renderPageLink={renderPageLink}
      renderCard={(customer) => <CustomerCard customer={customer} />}
      columnStyles={columnStyles}
    />
  );
}
