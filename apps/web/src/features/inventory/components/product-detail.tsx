import { Link } from '@tanstack/react-router';
import { can, PRODUCT_TYPE_LABELS } from '@tentpole/domain';
import { PackageX } from 'lucide-react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useProduct } from '../api/get-product';
import { monthOf } from '../lib/month-grid';
import { AvailabilityMonth } from './availability-month';
import { ProductDowntimes } from './product-downtimes';
import { ProductFacts } from './product-facts';
import { ProductImages } from './product-images';
import { ProductStatusButton } from './product-status-button';
import { ProductThumbnail } from './product-thumbnail';
import { ProductUnits } from './product-units';

type ProductDetailProps = {
  productId: string;
  /** The month of availability shown ('YYYY-MM', from the URL); this month when absent. */
  month: string | undefined;
  onMonthChange: (month: string) => void;
};

/** back-office spec §3: one product with its images, units, availability and maintenance. */
export function ProductDetail({ productId, month, onMonthChange }: ProductDetailProps) {
  const { user } = useAuthenticatedSession();
  const product = useProduct(productId);
  const canEdit = can(user.roles, 'product.write');

  if (product.isPending) return <LoadingRows label="Loading product" rows={6} variant="cards" />;
  if (product.isError) {
    const notFound = product.error instanceof ApiError && product.error.status === 404;
    return notFound ? (
      <StateMessage
        icon={<PackageX aria-hidden="true" />}
        titleAs="h1"
        title="Product not found"
        description="It may belong to another account, or the link is wrong."
        action={
          <Button asChild variant="outline">
            <Link to="/products">All products</Link>
          </Button>
        }
      />
    ) : (
      <QueryError
        variant="panel"
        title="This product could not be loaded."
        description="Check your connection and try again."
        onRetry={() => void product.refetch()}
      />
    );
  }

  const data = product.data;
  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-6">
      <div className="flex flex-wrap items-start gap-4">
        <ProductThumbnail url={data.imageUrl} className="size-14" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">{data.name}</h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span>{PRODUCT_TYPE_LABELS[data.type]}</span>
            {data.categoryName && <span className="wrap-anywhere">· {data.categoryName}</span>}
            {data.status === 'archived' && (
              <span className="rounded-md border px-1.5 py-0.5 text-xs font-medium text-foreground">
                Archived
              </span>
            )}
          </p>
        </div>
        {canEdit && <ProductStatusButton product={data} />}
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <AvailabilityMonth
            productId={data.id}
            month={month ?? monthOf()}
            onMonthChange={onMonthChange}
          />
          <ProductDowntimes product={data} canEdit={canEdit} />
          <ProductFacts product={data} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <ProductImages product={data} canEdit={canEdit} />
          {data.tracking === 'serialized' && <ProductUnits product={data} canEdit={canEdit} />}
        </div>
      </div>
    </div>
  );
}
