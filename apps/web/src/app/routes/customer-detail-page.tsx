import { getRouteApi } from '@tanstack/react-router';
import { can } from '@tentpole/domain';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useCustomer } from '@/features/customers/api/get-customer';
import { CustomerDetail } from '@/features/customers/components/customer-detail';
import { EditCustomerDialog } from '@/features/customers/components/edit-customer-dialog';
import { PageHeaderActions } from '../shell/page-header-actions';

// The route is defined in ./customers-detail; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const customerDetailRoute = getRouteApi('/customers/$customerId');

export function CustomerPage() {
  const { customerId } = customerDetailRoute.useParams();
  const { tab } = customerDetailRoute.useSearch();
  const navigate = customerDetailRoute.useNavigate();
  const customer = useCustomer(customerId);
  const [editing, setEditing] = useState(false);
  const { user } = useAuthenticatedSession();

  return (
    <>
      {customer.data && (
        <>
          <PageHeaderActions
            actionButton={{
              label: 'Edit',
              onClick: () => setEditing(true),
              permission: 'customer.write',
              icon: <Pencil aria-hidden="true" />,
            }}
            secondaryActions={[
              // Issue 17 item 3: an order for this customer, prefilled.
              ...(can(user.roles, 'order.write')
                ? [{ label: 'New order', href: `/orders/new?customerId=${customerId}` }]
                : []),
              { label: 'All customers', href: '/customers' },
            ]}
          />
          <EditCustomerDialog customer={customer.data} open={editing} onOpenChange={setEditing} />
        </>
      )}
      <CustomerDetail
        customerId={customerId}
        tab={tab}
        onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
      />
    </>
  );
}
