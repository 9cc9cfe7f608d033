import { getRouteApi, Link } from '@tanstack/react-router';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { useProduct } from '@/features/inventory/api/get-product';
import { EditProductForm } from '@/features/inventory/components/edit-product-form';
import { ProductStatusButton } from '@/features/inventory/components/product-status-button';

// The route is defined in ./products-edit; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const editProductRoute = getRouteApi('/products/$productId/edit');

export function EditProductPage() {
  const { productId } = editProductRoute.useParams();
  const product = useProduct(productId);
  return (
    <div className="mx-auto grid max-w-4xl min-w-0 gap-6">
      {product.isPending ? (
        <LoadingRows label="Loading product" rows={6} variant="cards" />
      ) : product.isError ? (
        <QueryError
          variant="panel"
          title="This product could not be loaded."
          onRetry={() => void product.refetch()}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">
                Edit {product.data.name}
              </h1>
              <p className="mt-1 text-sm text-muted-foreground">
                <Button asChild variant="link" className="h-auto p-0">
                  <Link to="/products/$productId" params={{ productId }}>
                    Back to the product
                  </Link>
                </Button>
              </p>
            </div>
            <ProductStatusButton product={product.data} />
          </div>
          <EditProductForm product={product.data} />
        </>
      )}
    </div>
  );
}
