import { createRoute, stripSearchParams } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useCustomer } from '@/features/customers/api/get-customer';
import { CustomerDetail } from '@/features/customers/components/customer-detail';
import { EditCustomerDialog } from '@/features/customers/components/edit-customer-dialog';
import {
  customerDetailSearchSchema,
  DEFAULT_CUSTOMER_TAB,
} from '@/features/customers/lib/customer-tabs';
import { PageHeaderActions } from '../shell/page-header-actions';
import { rootRoute } from './root';

function CustomerPage() {
  const { customerId } = customerDetailRoute.useParams();
  const { tab } = customerDetailRoute.useSearch();
  const navigate = customerDetailRoute.useNavigate();
  const customer = useCustomer(customerId);
  const [editing, setEditing] = useState(false);

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
            secondaryActions={[{ label: 'All customers', href: '/customers' }]}
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

/** spec §2 Customer area: one customer; the open tab is in the URL. */
export const customerDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/customers/$customerId',
  validateSearch: customerDetailSearchSchema,
  search: { middlewares: [stripSearchParams({ tab: DEFAULT_CUSTOMER_TAB })] },
  staticData: { title: 'Customer', permission: 'customer.read' },
  component: CustomerPage,
});
