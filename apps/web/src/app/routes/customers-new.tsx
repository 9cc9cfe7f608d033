import { createRoute } from '@tanstack/react-router';
import { canWrite } from '@tentpole/domain';
import { NotBuiltPage } from '@/components/not-built-page';
import { useAuthenticatedSession } from '@/features/auth/components/authenticated-session';
import { NewCustomerForm } from '@/features/customers/components/new-customer-form';
import { rootRoute } from './root';

function NewCustomerPage() {
  const { user } = useAuthenticatedSession();
  if (!canWrite(user.roles, 'customer.write')) {
    return <NotBuiltPage title="New Customer" description="" allowed={false} />;
  }
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">New Customer</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          First name, last name and e-mail are required; everything else can wait.
        </p>
      </div>
      <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <NewCustomerForm />
      </div>
    </div>
  );
}

export const newCustomerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/customers/new',
  staticData: { title: 'New Customer' },
  component: NewCustomerPage,
});
