import { createRoute, stripSearchParams } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { CustomerDirectory } from '@/features/customers/components/customer-directory';
import {
  CUSTOMER_LIST_DEFAULTS,
  customerListSearchSchema,
} from '@/features/customers/lib/customer-list-search';
import { PageHeaderActions } from '../shell/page-header-actions';
import { rootRoute } from './root';

function CustomersPage() {
  const query = customersRoute.useSearch();
  const navigate = customersRoute.useNavigate();

  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'New Customer',
          href: '/customers/new',
          icon: <Plus aria-hidden="true" />,
        }}
      />
      <CustomerDirectory
        query={query}
        onSearch={(search) =>
          void navigate({
            search: (previous) => ({ ...previous, search, page: 1 }),
            replace: true,
          })
        }
      />
    </>
  );
}

/** spec §2 Customer area: the list, its search and page in the URL. */
export const customersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/customers',
  validateSearch: customerListSearchSchema,
  // The defaults are left out of the URL: '/customers', not '/customers?search=&page=1…'.
  search: { middlewares: [stripSearchParams(CUSTOMER_LIST_DEFAULTS)] },
  staticData: { title: 'Customers', permission: 'customer.read' },
  component: CustomersPage,
});
