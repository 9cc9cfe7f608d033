import { useNavigate, useRouter } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useCreateProduct } from '../api/create-product';
import { ProductForm } from './product-form';

/** The New Product form: on success, the new product's page. */
export function NewProductForm() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const router = useRouter();
  return (
    <ProductForm
      submitLabel="Create Product"
      onCancel={() => router.history.back()}
      onSubmit={async (input) => {
        const product = await create.mutateAsync(input);
        toast.success(`${product.name} added.`);
        await navigate({ to: '/products/$productId', params: { productId: product.id } });
      }}
    />
  );
}
