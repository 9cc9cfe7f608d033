import { getRouteApi } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { CustomerDirectory } from '@/features/customers/components/customer-directory';
import { PageHeaderActions } from '../shell/page-header-actions';

// The route is defined in ./customers; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const customersRoute = getRouteApi('/customers');

export function CustomersPage() {
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
