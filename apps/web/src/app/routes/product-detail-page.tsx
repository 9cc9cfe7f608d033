import { getRouteApi } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { ProductDetail } from '@/features/inventory/components/product-detail';
import { PageHeaderActions } from '../shell/page-header-actions';

// The route is defined in ./products-detail; its hooks are read through getRouteApi, so this
// chunk does not import the route tree.
const productDetailRoute = getRouteApi('/products/$productId');

export function ProductPage() {
  const { productId } = productDetailRoute.useParams();
  const { month } = productDetailRoute.useSearch();
  const navigate = productDetailRoute.useNavigate();
  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'Edit',
          href: `/products/${encodeURIComponent(productId)}/edit`,
          icon: <Pencil aria-hidden="true" />,
        }}
        secondaryActions={[{ label: 'All products', href: '/products' }]}
      />
      <ProductDetail
        productId={productId}
        month={month}
        onMonthChange={(next) => void navigate({ search: { month: next }, replace: true })}
      />
    </>
  );
}
