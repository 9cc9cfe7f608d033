import { getRouteApi } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { ProductDirectory } from '@/features/inventory/components/product-directory';
import { PageHeaderActions } from '../shell/page-header-actions';

// The route is defined in ./products; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const productsRoute = getRouteApi('/products');

export function ProductsPage() {
  const query = productsRoute.useSearch();
  const navigate = productsRoute.useNavigate();
  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'New Product',
          href: '/products/new',
          icon: <Plus aria-hidden="true" />,
        }}
      />
      <ProductDirectory
        query={query}
        onFilterChange={(filter) =>
          void navigate({
            search: (previous) => ({ ...previous, ...filter, page: 1 }),
            replace: true,
          })
        }
      />
    </>
  );
}
