import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { NewCustomerForm } from '@/features/customers/components/new-customer-form';
import { rootRoute } from './root';

const newCustomerSearchSchema = z.object({
  /** Prefills the phone number: "Add customer" from a text conversation with an unknown number. */
  phoneNumber: z.string().trim().max(40).optional().catch(undefined),
});

function NewCustomerPage() {
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

export const newCustomerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/customers/new',
  validateSearch: newCustomerSearchSchema,
  staticData: { title: 'New Customer', permission: 'customer.write' },
  component: NewCustomerPage,
});
