import { getRouteApi } from '@tanstack/react-router';
import { NewCustomerForm } from '@/features/customers/components/new-customer-form';

// The route is defined in ./customers-new; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const newCustomerRoute = getRouteApi('/customers/new');

export function NewCustomerPage() {
  const { phoneNumber } = newCustomerRoute.useSearch();
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">New Customer</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          First name, last name and e-mail are required; everything else can wait.
        </p>
      </div>
      <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <NewCustomerForm initialPhoneNumber={phoneNumber} />
      </div>
    </div>
  );
}
