import type { Customer } from '@tentpole/domain';
import { Building2, Hash, Mail, Phone, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAccountFormat } from '@/lib/account-format';
import { customerName } from '../lib/customer-name';
import { formatMonthYear } from '../lib/format-dates';
import { BannedBadge } from './banned-badge';
import { CustomerAvatar } from './customer-avatar';
import { CustomerPhoneActions } from './customer-phone-actions';

/** The customer's name and who they are: company, reference, contact, customer since. */
export function CustomerProfile({ customer }: { customer: Customer }) {
  const { locale } = useAccountFormat();
  const name = customerName(customer);
  return (
    <section aria-label="Customer" className="grid gap-4">
      {customer.banned && (
        <div
          role="note"
          className="flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          <div>
            <p className="font-semibold text-destructive">{name} is banned.</p>
            <p className="text-muted-foreground">
              Check with a manager before taking a booking or quote for this customer.
            </p>
          </div>
        </div>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <CustomerAvatar customer={customer} className="size-14 text-lg" />
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">{name}</h1>
            {customer.banned && <BannedBadge />}
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {customer.company && (
              <Meta icon={<Building2 aria-hidden="true" />}>{customer.company}</Meta>
            )}
            {customer.reference && (
              <Meta icon={<Hash aria-hidden="true" />}>
                <span className="sr-only">Reference </span>
                {customer.reference}
              </Meta>
            )}
            <Meta>Customer since {formatMonthYear(customer.createdAt, locale)}</Meta>
          </p>
          <div className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6">
            <span className="flex min-w-0 items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <a
                href={`mailto:${customer.email}`}
                className="truncate font-medium underline-offset-4 hover:underline"
              >
                {customer.email}
              </a>
            </span>
            <span className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {customer.phoneNumber ? (
                <CustomerPhoneActions phoneNumber={customer.phoneNumber} />
              ) : (
                <span className="text-muted-foreground">No phone number</span>
              )}
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}

function Meta({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 [&_svg]:size-3.5">
      {icon}
      {children}
    </span>
  );
}
