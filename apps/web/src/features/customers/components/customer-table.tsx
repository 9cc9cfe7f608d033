import { Link } from '@tanstack/react-router';
import { type CustomerListItem, formatPhone } from '@tentpole/domain';
import { ChevronRight } from 'lucide-react';
import { customerName } from '../lib/customer-name';
import { formatCalendarDate } from '../lib/format-dates';
import { BannedBadge } from './banned-badge';
import { CustomerAvatar } from './customer-avatar';
import { OrderStatusBadge } from './order-status-badge';

const points = new Intl.NumberFormat('en-US');

function LastOrder({ order }: { order: CustomerListItem['lastOrder'] }) {
  if (!order) return <span className="text-muted-foreground">No orders yet</span>;
  return (
    <span className="grid gap-1">
      <span className="flex items-center gap-2">
        <span className="font-medium tabular-nums">#{order.number}</span>
        <OrderStatusBadge status={order.status} />
      </span>
      <span className="text-xs text-muted-foreground">{formatCalendarDate(order.eventDate)}</span>
    </span>
  );
}

/**
 * The customers of one page: a table on wider screens and a list of cards on a phone. Each
 * row is a link to the customer (the name is the link; the whole row is its click target).
 */
export function CustomerTable({ customers }: { customers: readonly CustomerListItem[] }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border bg-card md:block">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40 text-left text-xs font-medium text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-medium">
                Name
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium">
                Company
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium">
                Phone
              </th>
              <th scope="col" className="px-4 py-2.5 text-right font-medium">
                Points
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium">
                Last order
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {customers.map((customer) => (
              <tr
                key={customer.id}
                className="relative transition-colors focus-within:bg-accent/60 hover:bg-accent/60"
              >
                <td className="px-4 py-3">
                  <span className="flex items-center gap-3">
                    <CustomerAvatar customer={customer} className="size-8" />
                    <span className="grid gap-1">
                      <Link
                        to="/customers/$customerId"
                        params={{ customerId: customer.id }}
                        className="font-medium whitespace-nowrap outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
                      >
                        {customerName(customer)}
                      </Link>
                      {customer.banned && <BannedBadge className="w-fit" />}
                    </span>
                  </span>
                </td>
                <td className="max-w-48 truncate px-4 py-3 text-muted-foreground">
                  {customer.company ?? '—'}
                </td>
                <td className="max-w-64 truncate px-4 py-3">{customer.email}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {customer.phoneNumber ? formatPhone(customer.phoneNumber) : '—'}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {points.format(customer.points)}
                </td>
                <td className="px-4 py-3">
                  <LastOrder order={customer.lastOrder} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-2 md:hidden">
        {customers.map((customer) => (
          <li key={customer.id}>
            <Link
              to="/customers/$customerId"
              params={{ customerId: customer.id }}
              className="flex items-start gap-3 rounded-xl border bg-card p-3.5 shadow-xs transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <CustomerAvatar customer={customer} />
              <span className="grid min-w-0 flex-1 gap-1 text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{customerName(customer)}</span>
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
                  <span>{points.format(customer.points)} points</span>
                  {customer.lastOrder ? (
                    <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
                      <span className="whitespace-nowrap">
                        Last order #{customer.lastOrder.number}
                      </span>
                      <OrderStatusBadge status={customer.lastOrder.status} />
                      <span className="whitespace-nowrap">
                        {formatCalendarDate(customer.lastOrder.eventDate)}
                      </span>
                    </span>
                  ) : (
                    <span>No orders yet</span>
                  )}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="mt-2 size-4 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
