import { useNavigate } from '@tanstack/react-router';
import type { Product } from '@tentpole/domain';
import { toast } from 'sonner';
import { pickChanged } from '@/lib/pick-changed';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm } from './product-form';

/** Edits a product: a PATCH of only the fields changed, then back to its page. */
export function EditProductForm({ product }: { product: Product }) {
  const update = useUpdateProduct();
  const navigate = useNavigate();
  const toDetail = () =>
    navigate({ to: '/products/$productId', params: { productId: product.id } });
  return (
    <ProductForm
      product={product}
      submitLabel="Save Changes"
      onCancel={() => void toDetail()}
      onSubmit={async (input, changed) => {
        if (changed.length > 0) {
          const saved = await update.mutateAsync({
            id: product.id,
            patch: pickChanged(input, changed),
          });
          toast.success(`${saved.name} saved.`);
        }
        await toDetail();
      }}
    />
  );
}
