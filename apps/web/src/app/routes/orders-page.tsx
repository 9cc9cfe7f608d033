import { getRouteApi, Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { OrderDirectory } from '@/features/orders/components/order-directory';
import { PageHeaderActions } from '../shell/page-header-actions';

// The route is defined in ./orders; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const ordersRoute = getRouteApi('/orders');

export function OrdersPage() {
  const query = ordersRoute.useSearch();
  const navigate = ordersRoute.useNavigate();
  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'New order',
          href: '/orders/new',
          icon: <Plus aria-hidden="true" />,
        }}
      />
      <OrderDirectory
        query={query}
        onQueryChange={(change) =>
          void navigate({
            search: (previous) => ({ ...previous, ...change, page: change.page ?? 1 }),
            replace: true,
          })
        }
        renderPageLink={(page, children) => (
          <Link from="/orders" to="/orders" search={(previous) => ({ ...previous, page })}>
            {children}
          </Link>
        )}
      />
    </>
  );
}
